import { describe, expect, it } from "vitest";
import { queueCampaignId, reviewQueuePath } from "./review-params";

describe("the review queue's campaign filter", () => {
  it("passes the campaign through to the queue's API path", () => {
    expect(reviewQueuePath(50, "oldest", undefined, "cmp a&b")).toBe(
      "/api/reviews/queue?limit=50&sort=oldest&campaign_id=cmp+a%26b",
    );
    expect(reviewQueuePath(50, "newest", "prd_1", "cmp_1")).toBe(
      "/api/reviews/queue?limit=50&sort=newest&product_id=prd_1&campaign_id=cmp_1",
    );
  });

  it("reads the page URL's campaign_id, leaving out what the API would refuse", () => {
    expect(queueCampaignId(" cmp_1 ")).toBe("cmp_1");
    expect(queueCampaignId(undefined)).toBeUndefined();
    expect(queueCampaignId("  ")).toBeUndefined();
    expect(queueCampaignId(["cmp_1", "cmp_2"])).toBeUndefined();
    expect(queueCampaignId("x".repeat(200))).toBe("x".repeat(200));
    expect(queueCampaignId("x".repeat(201))).toBeUndefined();
  });
});
