import { describe, expect, it } from "vitest";
import { aboutDuration, estimateWords, etaWords, overMaxWords, planWords, progressWords } from "./campaign-words";

describe("a campaign in words", () => {
  it("counts ready shots of all, then the failed and cancelled ones when there are any", () => {
    expect(progressWords({ total: 120, ready: 118, failed: 2, cancelled: 0 })).toBe("118 of 120 ready · 2 failed");
    expect(progressWords({ total: 1200, ready: 1000, failed: 0, cancelled: 200 })).toBe(
      "1,000 of 1,200 ready · 200 cancelled",
    );
    expect(progressWords({ total: 4, ready: 0, failed: 0, cancelled: 0 })).toBe("0 of 4 ready");
  });

  it("says times ahead as roughly as they are known", () => {
    expect(aboutDuration(20_000)).toBe("less than a minute");
    expect(aboutDuration(12 * 60_000 + 10_000)).toBe("about 12 min");
    expect(aboutDuration(75 * 60_000)).toBe("about 75 min");
    expect(aboutDuration(131 * 60_000)).toBe("about 2 h 10 min");
    expect(aboutDuration(179 * 60_000)).toBe("about 3 h");
    expect(etaWords(12 * 60_000)).toBe("about 12 min left");
    expect(etaWords(null)).toBeNull();
  });

  it("names what a campaign makes, one or many of each", () => {
    expect(
      planWords({
        product_count: 3,
        prompts: ["a", "b"],
        outputs: [{ aspect_ratio: "1:1", channel: null }],
        variations: 1,
      }),
    ).toBe("3 products · 2 scenes · 1 output · 1 variation");
  });

  it("sums up the estimate: shots, trainings first, and the time at the service's pace", () => {
    expect(estimateWords({ total: 48, to_train: 1, unknown_products: 0, eta_ms: 25 * 60_000 })).toBe(
      "48 shots · 1 product must be trained first (about 20 min) · about 25 min at the service's recent pace",
    );
    expect(estimateWords({ total: 1, to_train: 0, unknown_products: 2, eta_ms: 30_000 })).toBe(
      "1 shot · 2 products will be checked with the service first · less than a minute at the service's recent pace",
    );
    expect(
      estimateWords({ total: 48, to_train: 0, unknown_products: 0, eta_ms: 30_000, shots_left_this_month: 60 }),
    ).toBe("48 shots · less than a minute at the service's recent pace · 60 shots left of this month's budget");
    expect(
      estimateWords({ total: 48, to_train: 0, unknown_products: 0, eta_ms: 30_000, shots_left_this_month: 12 }),
    ).toBe(
      "48 shots · less than a minute at the service's recent pace · only 12 shots left of this month's budget: the campaign pauses when it reaches it",
    );
    expect(overMaxWords(2400, 2000)).toMatch(
      /^This campaign would make 2,400 shots; a campaign can make at most 2,000\./,
    );
  });
});
