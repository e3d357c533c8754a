// State survives a restart: products, textures, trainings, predictions, images and tokens; a
// prediction pending at shutdown still completes after the next start.
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  createPrediction,
  createProduct,
  createReadyProduct,
  fetchImage,
  makeDataDir,
  startTestService,
  waitFor,
  waitForImages,
} from "./test-support";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("restart", () => {
  it("keeps everything and finishes pending work", async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const first = await startTestService({ dataDir, loraMs: 600, predictionMs: 900 });
    const ready = await createReadyProduct(first);
    const done = await createPrediction(first, ready, "finished before the restart", "16:9");
    const doneImages = (await waitForImages(first, done.body.id)).body.images as string[];
    const training = await createProduct(first, "3");
    await call("POST", `${first.baseUrl}/product/${training}/generate-lora`);
    const pending = await createPrediction(first, ready, "pending across the restart", "9:16");
    const productBefore = (await call("GET", `${first.baseUrl}/product/${ready}`)).body;
    await first.close();

    const second = await startTestService({ dataDir, loraMs: 600, predictionMs: 900 });
    try {
      const productAfter = (await call("GET", `${second.baseUrl}/product/${ready}`)).body;
      expect(productAfter.lora_enabled).toBe(1);
      expect(productAfter.date_creation).toBe(productBefore.date_creation);
      expect(productAfter.textures.map((t: { key: string }) => t.key)).toEqual(["label"]);
      expect((await fetchImage(productAfter.textures[0].url)).res.status).toBe(200);

      const list = (await call("GET", `${second.baseUrl}/prediction/`)).body as { id: string }[];
      expect(list.map((p) => p.id).sort()).toEqual([done.body.id, pending.body.id].sort());
      const again = (await call("GET", `${second.baseUrl}/prediction/${done.body.id}`)).body;
      expect(again.images.length).toBe(doneImages.length);
      for (const url of again.images) {
        expect(url.startsWith(`${second.assetUrl}/images/`)).toBe(true); // URLs follow the current asset origin
        expect((await fetchImage(url)).res.status).toBe(200);
      }

      // The training started before the restart finishes; the pending prediction gets its images.
      await waitFor(async () => (await call("GET", `${second.baseUrl}/product/${training}`)).body.lora_enabled === 1);
      const finished = await waitForImages(second, pending.body.id);
      expect(finished.body.aspect_ratio).toBe("9:16");
    } finally {
      await second.close();
    }
  });

  it("generates tokens once per data dir and keeps them", async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const first = await startTestService({ dataDir, tokens: undefined });
    const tokens = first.tokens;
    expect(tokens.full.length).toBeGreaterThan(0);
    expect(tokens.readOnly.length).toBeGreaterThan(0);
    await first.close();
    const second = await startTestService({ dataDir, tokens: undefined });
    try {
      expect(second.tokens).toEqual(tokens);
      expect((await call("GET", `${second.baseUrl}/template/`, { token: tokens.full[0] })).status).toBe(200);
      expect((await call("POST", `${second.baseUrl}/prediction/`, { token: tokens.readOnly[0] })).status).toBe(403);
    } finally {
      await second.close();
    }
  });
});
