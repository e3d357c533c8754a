import { describe, expect, it } from "vitest";
import { FAST_POLL_MS, SLOW_POLL_MS } from "@/lib/predictions/state";
import { LORA_TIMING } from "@/lib/lora/estimate";
import { stretchFactor, wishedInterval } from "./schedule";

describe("watch schedule", () => {
  it("follows the pages' rules and gives up where they do", () => {
    expect(wishedInterval("lora", 0)).toBe(2_000);
    expect(wishedInterval("lora", 20 * 60_000)).toBe(15_000);
    expect(wishedInterval("lora", LORA_TIMING.giveUpAfterMs - 1)).not.toBeNull();
    expect(wishedInterval("lora", LORA_TIMING.giveUpAfterMs)).toBeNull();
    expect(wishedInterval("prediction", 10_000)).toBe(FAST_POLL_MS);
    expect(wishedInterval("prediction", 5 * 60_000)).toBe(SLOW_POLL_MS);
    expect(wishedInterval("prediction", 10 * 60_000)).toBeNull();
  });

  it("stretches 100 trainings' wishes to the budget and leaves a few alone", () => {
    const hundred = Array(100).fill(15_000); // 400 calls a minute wished
    const factor = stretchFactor(hundred, 90);
    const perMinute = hundred.reduce((sum, ms) => sum + 60_000 / (ms * factor), 0);
    expect(perMinute).toBeCloseTo(90);
    expect(stretchFactor([2_000, 15_000], 90)).toBe(1);
  });
});
