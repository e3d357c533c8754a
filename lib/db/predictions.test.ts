import { describe, expect, it } from "vitest";
import { getPredictionRecord, listPredictionRecords, predictionRecordsByIds, recordPrediction } from "./predictions";
import { indexViewsByIds, upsertIndexRows } from "./prediction-index";
import { testDatabase } from "./testing";

describe("prediction registry", () => {
  testDatabase();

  it("records, reads, lists and looks up by ids", async () => {
    const base = { productId: "p1", createdBy: null };
    await recordPrediction({
      ...base,
      id: "r1",
      prompt: "on a beach",
      aspectRatio: "16:9",
      createdAt: "2025-01-01T00:00:00.000Z",
    });
    await recordPrediction({
      ...base,
      id: "r2",
      prompt: "in snow",
      aspectRatio: "1:1",
      createdAt: "2025-01-02T00:00:00.000Z",
    });
    expect(await getPredictionRecord("r1")).toEqual({
      id: "r1",
      productId: "p1",
      prompt: "on a beach",
      aspectRatio: "16:9",
      createdBy: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      batchId: null,
    });
    expect(await getPredictionRecord("nope")).toBeNull();
    expect((await listPredictionRecords()).map((r) => r.id)).toEqual(["r2", "r1"]);
    const found = await predictionRecordsByIds(["r2", "zz", "r2"]);
    expect([...found.keys()]).toEqual(["r2"]);
    expect(found.get("r2")?.aspectRatio).toBe("1:1");
    expect((await predictionRecordsByIds([])).size).toBe(0);
  });

  it("keeps the batch a prediction was asked in, and the index's views carry it", async () => {
    const base = { productId: "p1", createdBy: null, prompt: "on a shelf" };
    await recordPrediction({ ...base, id: "b1", aspectRatio: "16:9", batchId: "batch-1" });
    await recordPrediction({ ...base, id: "b2", aspectRatio: "1:1", batchId: "batch-1" });
    await recordPrediction({ ...base, id: "alone", aspectRatio: "1:1" });
    expect((await getPredictionRecord("b2"))?.batchId).toBe("batch-1");
    expect((await getPredictionRecord("alone"))?.batchId).toBeNull();
    const row = (id: string, aspect_ratio: "16:9" | "1:1") => ({
      id,
      product_id: "p1",
      prompt: "on a shelf",
      aspect_ratio,
      status: "processing" as const,
      images: [],
      date_modification: "2025-01-03 10:00:00",
    });
    await upsertIndexRows([row("b1", "16:9"), row("b2", "1:1"), row("alone", "1:1")]);
    const views = await indexViewsByIds(["b1", "b2", "alone"]);
    expect(views.get("b1")?.batch_id).toBe("batch-1");
    expect(views.get("b2")?.batch_id).toBe("batch-1");
    expect(views.get("alone")).not.toHaveProperty("batch_id");
  });
});
