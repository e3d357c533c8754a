import { describe, expect, it } from "vitest";
import { jsonListBatches, NotAList } from "./json-array-stream";

const encoder = new TextEncoder();

/** A generated list of `count` prediction-like items, produced chunk by chunk as it is read. */
async function* generatedList(count: number, wrap = false): AsyncGenerator<Uint8Array> {
  yield encoder.encode(wrap ? ' {"items": [' : " [");
  const PER_CHUNK = 200;
  for (let i = 0; i < count; i += PER_CHUNK) {
    const parts: string[] = [];
    for (let j = i; j < Math.min(count, i + PER_CHUNK); j++) {
      parts.push(
        JSON.stringify({
          id: `pred_${j}`,
          product_id: `prod_${j % 300}`,
          prompt: `A bottle on a beach at dusk, scene ${j}, with soft light and long shadows`,
          date_modification: "2026-01-01 10:00:00",
          images: [`/assets/pred_${j}_0.jpg`, `/assets/pred_${j}_1.jpg`],
        }),
      );
    }
    yield encoder.encode((i > 0 ? "," : "") + parts.join(","));
  }
  yield encoder.encode(wrap ? "]}" : "]");
}

async function consume(chunks: AsyncIterable<Uint8Array>, batchSize = 500) {
  let items = 0;
  let batches = 0;
  let largestBatch = 0;
  let lastId = "";
  for await (const batch of jsonListBatches(chunks, { batchSize, wrappers: ["items"] })) {
    batches++;
    items += batch.length;
    largestBatch = Math.max(largestBatch, batch.length);
    lastId = (batch.at(-1) as { id: string }).id;
  }
  return { items, batches, largestBatch, lastId };
}

describe("jsonListBatches", () => {
  it("reads 200,000 items as a stream, in bounded batches, without holding the list", async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let items = 0;
    let largestBatch = 0;
    for await (const batch of jsonListBatches(generatedList(200_000), { batchSize: 500, wrappers: [] })) {
      items += batch.length;
      largestBatch = Math.max(largestBatch, batch.length);
      if (items % 20_000 < 500) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    expect(items).toBe(200_000);
    expect(largestBatch).toBe(500);
    // The list is ~35 MB of text (and far more as objects); what is held stays a small fraction.
    expect(peak).toBeLessThan(24 * 1024 * 1024);
  }, 120_000);

  it("hands on every item once, in order, whatever the batch size", async () => {
    const got = await consume(generatedList(1_234), 100);
    expect(got).toEqual({ items: 1_234, batches: 13, largestBatch: 100, lastId: "pred_1233" });
  });

  it("reads a list wrapped in an object", async () => {
    expect((await consume(generatedList(50, true))).items).toBe(50);
  });

  it("refuses an answer that is not a list", async () => {
    async function* text(value: string) {
      yield encoder.encode(value);
    }
    await expect(consume(text('"hello"'))).rejects.toThrow(NotAList);
    await expect(consume(text("[1, 2"))).rejects.toThrow(NotAList);
    await expect(consume(text(""))).rejects.toThrow(NotAList);
  });
});
