import { describe, expect, it } from "vitest";
import { retryDelay } from "@/hooks/use-lora";
import { estimatedStage, hasGivenUp, loraPollInterval, stageStates, trainingPhase } from "./estimate";

const MIN = 60_000;

describe("the estimated LoRA training", () => {
  it("walks the five stages over the expected 20 minutes and stays in the last one after", () => {
    expect(estimatedStage(0)).toBe(0);
    expect(estimatedStage(5 * MIN)).toBe(1);
    expect(estimatedStage(10 * MIN)).toBe(2);
    expect(estimatedStage(17 * MIN)).toBe(3);
    expect(estimatedStage(19 * MIN)).toBe(4);
    expect(estimatedStage(90 * MIN)).toBe(4);
  });

  it("marks every stage done once ready, whatever the clock says", () => {
    expect(stageStates(3_000, true)).toEqual(["done", "done", "done", "done", "done"]);
    expect(stageStates(5 * MIN, false)).toEqual(["done", "current", "upcoming", "upcoming", "upcoming"]);
    expect(stageStates(null, false)[0]).toBe("current");
  });

  it("calls a training late, slow, then possibly stuck", () => {
    expect(trainingPhase(29 * MIN)).toBe("usual");
    expect(trainingPhase(31 * MIN)).toBe("late");
    expect(trainingPhase(46 * MIN)).toBe("slow");
    expect(trainingPhase(121 * MIN)).toBe("stuck");
  });

  it("polls from 2 s backing off to 15 s, and slowly once overdue", () => {
    expect(loraPollInterval(0)).toBe(2_000);
    expect(loraPollInterval(null)).toBe(2_000);
    expect(loraPollInterval(60_000)).toBeGreaterThan(2_000);
    expect(loraPollInterval(20 * MIN)).toBe(15_000);
    expect(loraPollInterval(50 * MIN)).toBe(30_000);
    expect(loraPollInterval(3 * 60 * MIN)).toBe(60_000);
  });

  it("stops asking once past the give-up time", () => {
    expect(hasGivenUp(4 * 60 * MIN - 1)).toBe(false);
    expect(loraPollInterval(4 * 60 * MIN - 1)).toBe(60_000);
    expect(hasGivenUp(4 * 60 * MIN)).toBe(true);
    expect(loraPollInterval(4 * 60 * MIN)).toBeNull();
    expect(hasGivenUp(null)).toBe(false);
  });
});

describe("the 429 retry delay", () => {
  it("uses Retry-After when given", () => expect(retryDelay(3, 12)).toBe(12_000));
  it("doubles from 5 s with jitter, capped at 2 min", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelay(n, undefined, mid))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(12, undefined, mid)).toBe(120_000);
    expect(retryDelay(1, undefined, () => 0)).toBe(4_000);
    expect(retryDelay(1, undefined, () => 1)).toBe(6_000);
  });
});
