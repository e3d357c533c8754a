import { describe, expect, it } from "vitest";
import { reviewQueueQuerySchema, undoReviewSchema } from "./review";
import { reviewQueuePath } from "./review-params";

describe("the review queue's query", () => {
  it("defaults to oldest first over every product", () => {
    expect(reviewQueueQuerySchema.parse({})).toEqual({ limit: 50, sort: "oldest" });
    expect(reviewQueueQuerySchema.parse({ sort: "newest", product_id: " prd_1 ", limit: "3" })).toEqual({
      limit: 3,
      sort: "newest",
      product_id: "prd_1",
    });
  });

  it("refuses another order and a product id over 200 characters", () => {
    expect(reviewQueueQuerySchema.safeParse({ sort: "random" }).error?.issues[0].message).toBe(
      "sort must be one of: oldest, newest",
    );
    expect(reviewQueueQuerySchema.safeParse({ product_id: "p".repeat(200) }).success).toBe(true);
    expect(reviewQueueQuerySchema.safeParse({ product_id: "p".repeat(201) }).error?.issues[0].message).toBe(
      "product_id is too long",
    );
  });

  it("builds the path the hook and the page's prefetch both ask", () => {
    expect(reviewQueuePath(50, "oldest")).toBe("/api/reviews/queue?limit=50&sort=oldest");
    expect(reviewQueuePath(10, "newest", "prd a&b")).toBe(
      "/api/reviews/queue?limit=10&sort=newest&product_id=prd+a%26b",
    );
  });
});

describe("undo's body", () => {
  it("takes a review's id: digits, at most 18", () => {
    expect(undoReviewSchema.parse({ event_id: "42" })).toEqual({ event_id: "42" });
    for (const event_id of ["", "4a", "-1", "1".repeat(19), 42])
      expect(undoReviewSchema.safeParse({ event_id }).success).toBe(false);
  });
});
