import { describe, expect, it } from "vitest";
import type { PredictionView } from "@/lib/types";
import { groupByBatch } from "./batches";

const shot = (id: string, batch_id?: string): PredictionView => ({
  id,
  product_id: "prd_1",
  prompt: "on a marble counter",
  aspect_ratio: "1:1",
  status: "processing",
  images: [],
  date_modification: "2026-11-23 10:00:00",
  product_name: "Lemonade",
  created_at: null,
  ...(batch_id ? { batch_id } : {}),
});

describe("groupByBatch", () => {
  it("puts the predictions of one batch in one group and leaves lone ones alone", () => {
    const groups = groupByBatch([shot("a"), shot("b", "x"), shot("c", "x"), shot("d", "x"), shot("e"), shot("f", "y")]);
    expect(groups.map((g) => [g.key, g.predictions.map((p) => p.id)])).toEqual([
      ["a", ["a"]],
      ["x", ["b", "c", "d"]],
      ["e", ["e"]],
      ["y", ["f"]],
    ]);
  });
});
