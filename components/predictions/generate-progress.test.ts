import { describe, expect, it } from "vitest";
import type { PredictionView } from "@/lib/types";
import { followedIds, progressWords, QUEUED_WORDS } from "./generate-progress";

const shot = (id: string, images: number): PredictionView => ({
  id,
  product_id: "jar",
  prompt: "on marble",
  aspect_ratio: "1:1",
  status: images > 0 ? "succeeded" : "processing",
  images: Array.from({ length: images }, (_, n) => `https://assets.test/${id}-${n}.jpg`),
  date_modification: "2025-05-01 10:00:00",
  product_name: "Jar",
  created_at: null,
});

describe("the generate result's progress", () => {
  it("follows the shots answered at once and those the engine sent later, each once", () => {
    expect(followedIds(["p1"], undefined)).toEqual(["p1"]);
    expect(followedIds(["p1"], [{ prediction_id: "p1" }, { prediction_id: null }, { prediction_id: "p2" }])).toEqual([
      "p1",
      "p2",
    ]);
  });

  it("says queued until a shot is sent, then counts images as they arrive", () => {
    expect(progressWords(1, [], undefined)).toBe(QUEUED_WORDS);
    expect(QUEUED_WORDS).toBe(
      "Queued — waiting for the image service; it is sent by itself and appears under Product shots.",
    );
    expect(progressWords(1, ["p1"], [])).toMatch(/^Generating — usually 30 to 60 seconds\./);
    expect(progressWords(1, ["p1"], [shot("p1", 0)])).toMatch(/^Generating — /);
    expect(progressWords(1, ["p1"], [shot("p1", 3), shot("other", 2)])).toBe("Ready: 3 images under Product shots.");
  });

  it("is not ready while a queued shot of a batch has not arrived", () => {
    // Two asked: one made at once (2 images), one sent later and still generating.
    expect(progressWords(2, ["p1"], [shot("p1", 2)])).toBe("2 images arrived so far; the rest are generating.");
    expect(progressWords(2, ["p1", "p2"], [shot("p1", 2), shot("p2", 0)])).toBe(
      "2 images arrived so far; the rest are generating.",
    );
    expect(progressWords(2, ["p1", "p2"], [shot("p1", 2), shot("p2", 1)])).toBe("Ready: 3 images under Product shots.");
  });
});
