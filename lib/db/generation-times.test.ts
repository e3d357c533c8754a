import { describe, expect, it } from "vitest";
import { fastestRecentGenerationMs } from "./generation-times";
import { upsertIndexRows } from "./prediction-index";
import { testDatabase } from "./testing";

const CREATED = "2025-03-01T10:00:00.000Z";

describe("generation times learned from the app's predictions", () => {
  const t = testDatabase();

  async function shot(id: string, tookMs: number | null): Promise<void> {
    await t.db.query(
      "INSERT INTO predictions (id, product_id, prompt, aspect_ratio, created_at) VALUES ($1, 'mug', 'x', '1:1', $2)",
      [id, CREATED],
    );
    await upsertIndexRows([
      {
        id,
        product_id: "mug",
        prompt: "x",
        aspect_ratio: "1:1",
        status: "processing",
        images: tookMs === null ? [] : ["a.jpg"],
        date_modification: "",
        created_at: CREATED,
      },
    ]);
    if (tookMs !== null) {
      await t.db.query(
        "UPDATE prediction_index SET updated_at = $2::timestamptz + make_interval(secs => $3::float8 / 1000) WHERE id = $1",
        [id, CREATED, tookMs],
      );
    }
  }

  it("knows nothing before a shot finished, then the fastest of the recent ones", async () => {
    expect(await fastestRecentGenerationMs()).toBeNull();
    await shot("running", null);
    expect(await fastestRecentGenerationMs()).toBeNull();
    await shot("slow", 52_000);
    await shot("fast", 31_000);
    expect(await fastestRecentGenerationMs()).toBe(31_000);
  });
});
