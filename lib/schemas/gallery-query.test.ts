import { describe, expect, it } from "vitest";
import { gallerySearchParams } from "./gallery-params";
import { parseGalleryQuery, rangeEnd, rangeStart } from "./gallery-query";

const parse = (search: string) => parseGalleryQuery(new URLSearchParams(search));
const message = (search: string) => {
  try {
    parse(search);
  } catch (error) {
    return (error as { issues: { message: string }[] }).issues[0].message;
  }
  return null;
};

describe("galleryQuerySchema", () => {
  it("reads every key, with defaults", () => {
    expect(parse("")).toEqual({ sort: "newest" });
    expect(
      parse(
        "limit=20&product_id=p1&from=2025-01-01&to=2025-02-01&aspect_ratio=16:9,1:1&q=beach&sort=oldest&review=starred&other=x",
      ),
    ).toEqual({
      limit: 20,
      product_id: "p1",
      from: "2025-01-01",
      to: "2025-02-01",
      aspect_ratio: ["16:9", "1:1"],
      q: "beach",
      sort: "oldest",
      review: "starred",
    });
  });

  it("treats empty values as absent", () => {
    expect(parse("limit=&q=&aspect_ratio=&from=&sort=")).toEqual({ sort: "newest" });
  });

  it("refuses bad values in words", () => {
    expect(message("limit=0")).toMatch(/limit must be a whole number from 1 to 200/);
    expect(message("limit=201")).toMatch(/limit/);
    expect(message("limit=abc")).toMatch(/limit/);
    expect(message("aspect_ratio=16:9,7:3")).toMatch(/aspect_ratio must be one or more of/);
    expect(message("sort=random")).toBe("sort must be newest or oldest");
    expect(message("review=maybe")).toMatch(/review must be one of/);
    expect(message("from=yesterday")).toMatch(/from must be a date/);
    expect(message("from=2025-02-02&to=2025-02-01")).toBe("from must not be after to");
  });

  it("round-trips through search params, leaving defaults out", () => {
    const query = parse("limit=20&aspect_ratio=16:9,1:1&q=red%20bottle");
    const params = gallerySearchParams(query);
    expect(params.get("sort")).toBeNull();
    expect(parseGalleryQuery(params)).toEqual(query);
  });

  it("reads date-only bounds as whole UTC days", () => {
    expect(rangeStart("2025-03-01")).toBe(Date.UTC(2025, 2, 1));
    expect(rangeEnd("2025-03-01")).toBe(Date.UTC(2025, 2, 2) - 1);
  });
});
