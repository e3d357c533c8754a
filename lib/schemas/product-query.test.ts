import { describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "./gallery-params";
import { productSearchParams } from "./product-params";
import { parseProductQuery } from "./product-query";

const parse = (search: string) => parseProductQuery(new URLSearchParams(search));

describe("the product list's query", () => {
  it("reads every key, treating empty values as absent and newest as the default order", () => {
    expect(parse("limit=20&q=%20mug%20&template_id=7&lora=training&sort=name&other=1")).toEqual({
      limit: 20,
      q: "mug",
      template_id: "7",
      lora: "training",
      sort: "name",
    });
    expect(parse("q=&lora=&sort=")).toEqual({ sort: "newest" });
  });

  it(`takes a limit up to ${MAX_PAGE_SIZE} and refuses one more, in words`, () => {
    expect(parse(`limit=${MAX_PAGE_SIZE}`).limit).toBe(MAX_PAGE_SIZE);
    expect(() => parse(`limit=${MAX_PAGE_SIZE + 1}`)).toThrow(/limit must be a whole number from 1 to 200/);
    expect(() => parse("limit=0")).toThrow(/limit must be/);
    expect(() => parse("limit=2.5")).toThrow(/limit must be/);
  });

  it("refuses unknown LoRA states and orders, and overlong words", () => {
    expect(() => parse("lora=stuck")).toThrow(/lora must be one of: ready, training, not_started/);
    expect(() => parse("sort=price")).toThrow(/sort must be one of: newest, oldest, name/);
    expect(() => parse(`q=${"a".repeat(201)}`)).toThrow(/at most 200/);
    expect(parse(`q=${"a".repeat(200)}`).q).toHaveLength(200);
  });

  it("writes a view back without defaults", () => {
    expect(productSearchParams({ sort: "newest", q: "mug", lora: "ready" }).toString()).toBe("q=mug&lora=ready");
  });
});
