import { describe, expect, it } from "vitest";
import { MAX_LINKED_PRODUCT_IDS, newCampaignHref, readCampaignProductsLink } from "./campaign-params";

describe("the new-campaign page's address", () => {
  it("carries products chosen one by one as ids, and reads them back once each", () => {
    const href = newCampaignHref({ productIds: ["prd_a", "prd_b", "prd_c"] });
    expect(href).toBe("/campaigns/new?product_ids=prd_a%2Cprd_b%2Cprd_c");
    expect(readCampaignProductsLink(new URL(href, "http://x").searchParams)).toEqual({
      productIds: ["prd_a", "prd_b", "prd_c"],
      filter: null,
    });
    expect(readCampaignProductsLink(new URLSearchParams("product_ids=a,,b, a ,b")).productIds).toEqual(["a", "b"]);
  });

  it("carries every match of a filter as the filter itself (3,000 ids would not fit an address)", () => {
    const href = newCampaignHref({ filter: "q=lemon bottle&lora=ready" });
    expect(readCampaignProductsLink(new URL(href, "http://x").searchParams)).toEqual({
      productIds: [],
      filter: "q=lemon bottle&lora=ready",
    });
    expect(readCampaignProductsLink(new URLSearchParams("products_filter=")).filter).toBe("");
  });

  it("reads no more ids than a link may carry", () => {
    const many = Array.from({ length: MAX_LINKED_PRODUCT_IDS + 5 }, (_, i) => `p${i}`).join(",");
    expect(readCampaignProductsLink(new URLSearchParams({ product_ids: many })).productIds).toHaveLength(
      MAX_LINKED_PRODUCT_IDS,
    );
  });
});
