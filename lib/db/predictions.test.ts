import { describe, expect, it } from "vitest";
import {
  getPredictionRecord,
  listPredictionRecords,
  predictionRecordsByIds,
  recordPrediction,
} from "./predictions";
import { testDatabase } from "./testing";

describe("prediction registry", () => {
  testDatabase();

  it("records, reads, lists and looks up by ids", async () => {
    const base = { productId: "p1", createdBy: null };
    await recordPrediction({ ...base, id: "r1", prompt: "on a beach", aspectRatio: "16:9", createdAt: "2025-01-01T00:00:00.000Z" });
    await recordPrediction({ ...base, id: "r2", prompt: "in snow", aspectRatio: "1:1", createdAt: "2025-01-02T00:00:00.000Z" });
    expect(await getPredictionRecord("r1")).toEqual({
      id: "r1",
      productId: "p1",
      prompt: "on a beach",
      aspectRatio: "16:9",
      createdBy: null,
      createdAt: "2025-01-01T00:00:00.000Z",
    });
    expect(await getPredictionRecord("nope")).toBeNull();
    expect((await listPredictionRecords()).map((r) => r.id)).toEqual(["r2", "r1"]);
    const found = await predictionRecordsByIds(["r2", "zz", "r2"]);
    expect([...found.keys()]).toEqual(["r2"]);
    expect(found.get("r2")?.aspectRatio).toBe("1:1");
    expect((await predictionRecordsByIds([])).size).toBe(0);
  });
});
