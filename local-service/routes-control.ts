// The control API (outside the interface, for tests and demos): stalls, faults, the create limit,
// call counts, seeding, what was made, LoRA progress and finishing a training at once. Requires a
// full token.
import { z } from "zod";
import type { Route } from "./context";
import { readJson, sendJson, ServiceError } from "./http";
import { loraProgress } from "./lora";
import { seedPredictions } from "./seeding";

const StallBody = z.object({ kind: z.enum(["prediction", "lora"]), count: z.number().int().min(1).default(1) });
const FaultBody = z.object({
  match: z.string().min(1),
  kind: z.enum(["html503", "html502", "rate429", "hang", "late", "drop"]),
  count: z.number().int().min(1).default(1),
  retryAfter: z.number().int().min(0).default(1),
  // Used by "late" only: longer than a client's timeout, so that the client gives up first.
  delayMs: z.number().int().min(0).max(600_000).default(20_000),
});
const CreateLimitBody = z.object({ limit: z.number().int().min(0), windowMs: z.number().int().min(1) });
const SeedBody = z.object({ count: z.number().int().min(1).max(100_000) });

async function parse<T>(schema: z.ZodType<T>, body: Promise<unknown>): Promise<T> {
  const result = schema.safeParse(await body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ServiceError(400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return result.data;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const controlRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/stall$/,
    handler: async ({ req, res }, deps) => {
      const body = await parse(StallBody, readJson(req));
      deps.control.addStall(body.kind, body.count);
      sendJson(res, 200, { ok: true, ...body });
    },
  },
  {
    method: "POST",
    pattern: /^\/faults$/,
    handler: async ({ req, res }, deps) => {
      const body = await parse(FaultBody, readJson(req));
      deps.control.addFault({
        match: body.match,
        kind: body.kind,
        remaining: body.count,
        retryAfter: body.retryAfter,
        delayMs: body.delayMs,
      });
      sendJson(res, 200, { ok: true, ...body });
    },
  },
  {
    method: "DELETE",
    pattern: /^\/faults$/,
    handler: async ({ res }, deps) => {
      deps.control.clearFaults();
      sendJson(res, 200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: /^\/create-limit$/,
    handler: async ({ req, res }, deps) => {
      const body = await parse(CreateLimitBody, readJson(req));
      deps.createLimit.set(body);
      sendJson(res, 200, { ok: true, ...body });
    },
  },
  {
    method: "GET",
    pattern: /^\/create-limit$/,
    handler: async ({ res }, deps) => sendJson(res, 200, deps.createLimit.status()),
  },
  {
    method: "DELETE",
    pattern: /^\/create-limit$/,
    handler: async ({ res }, deps) => {
      deps.createLimit.set(null);
      sendJson(res, 200, { ok: true });
    },
  },
  {
    method: "GET",
    pattern: /^\/calls$/,
    handler: async ({ res }, deps) => sendJson(res, 200, { calls: deps.control.callCounts() }),
  },
  {
    method: "DELETE",
    pattern: /^\/calls$/,
    handler: async ({ res }, deps) => {
      deps.control.resetCalls();
      sendJson(res, 200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: /^\/seed$/,
    handler: async ({ req, res }, deps) => {
      const { count } = await parse(SeedBody, readJson(req));
      const added = await seedPredictions(deps.store, count, deps.now());
      sendJson(res, 200, { ok: true, added, total: deps.store.predictions.size });
    },
  },
  {
    // When a prediction's images were written (the moment a watcher could first see them).
    method: "GET",
    pattern: /^\/prediction\/([^/]+)$/,
    handler: async ({ res, params: [id] }, deps) => {
      const prediction = deps.store.predictions.get(id);
      if (!prediction) throw new ServiceError(404, `Prediction with ID ${id} does not exist`);
      sendJson(res, 200, { id, finishedAt: prediction.images.length > 0 ? iso(prediction.modifiedAt) : null });
    },
  },
  {
    method: "GET",
    pattern: /^\/lora\/([^/]+)$/,
    handler: async ({ res, params: [id] }, deps) => {
      const product = deps.store.products.get(id);
      if (!product) throw new ServiceError(404, `Product with ID ${id} does not exist`);
      const progress = loraProgress(product.lora, deps.now());
      sendJson(res, 200, { ...progress, startedAt: iso(progress.startedAt), finishesAt: iso(progress.finishesAt) });
    },
  },
  {
    // Journeys that are not about training ask for a trained product at once: the training is
    // moved back in time so that it has just completed (started now when it never was).
    method: "POST",
    pattern: /^\/lora\/([^/]+)\/finish$/,
    handler: async ({ res, params: [id] }, deps) => {
      const product = deps.store.products.get(id);
      if (!product) throw new ServiceError(404, `Product with ID ${id} does not exist`);
      const durationMs = product.lora?.durationMs ?? deps.config.loraMs;
      product.lora = { startedAt: deps.now() - durationMs, durationMs, stalled: false };
      deps.store.save();
      sendJson(res, 200, { ok: true, enabled: loraProgress(product.lora, deps.now()).enabled });
    },
  },
  {
    // How many predictions are still being made (stalled ones never finish and are not counted):
    // a journey that counts everything waits for this to reach 0 instead of for counts to settle.
    method: "GET",
    pattern: /^\/predictions\/under-way$/,
    handler: async ({ res }, deps) => {
      let count = 0;
      for (const prediction of deps.store.predictions.values())
        if (prediction.images.length === 0 && !prediction.stalled) count++;
      sendJson(res, 200, { count });
    },
  },
  {
    // Every prediction made by a create through the API (seeded ones are not), oldest first: a test
    // counts a shot made more often than asked (same product, prompt and ratio) after timeouts,
    // dropped connections and retries.
    method: "GET",
    pattern: /^\/predictions\/made$/,
    handler: async ({ res }, deps) => {
      const predictions = deps.store
        .listPredictions()
        .filter((prediction) => prediction.fromApi)
        .map((p) => ({
          id: p.id,
          product_id: p.productId,
          prompt: p.prompt,
          aspect_ratio: p.aspectRatio,
          created_at: iso(p.createdAt),
          // When its images were written (null while they are being made): a benchmark tells the
          // service's own lag apart from its client's.
          finished_at: p.images.length > 0 ? iso(p.modifiedAt) : null,
        }));
      sendJson(res, 200, { predictions });
    },
  },
  {
    // The service loses a product's LoRA (as after a reset on its side): predictions are refused
    // with 403 until it is trained again.
    method: "DELETE",
    pattern: /^\/lora\/([^/]+)$/,
    handler: async ({ res, params: [id] }, deps) => {
      const product = deps.store.products.get(id);
      if (!product) throw new ServiceError(404, `Product with ID ${id} does not exist`);
      product.lora = null;
      deps.store.save();
      sendJson(res, 200, { ok: true });
    },
  },
];
