import "server-only";
import { randomUUID } from "node:crypto";
import type { BatchItem, BatchResult } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { log } from "@/lib/log";
import { isAppError } from "@/lib/errors";
import type { BatchPlan } from "@/lib/schemas/batch";
import type { ErrorBody, SessionUser } from "@/lib/types";
import { createPredictionFor } from "./predictions";

// A batch is several ordinary predictions sent one after another, each exactly once (a
// prediction costs credits, so nothing is retried behind the person's back). Variations send
// the same prompt N times: the interface shows no seed or variation field, and changing the
// words would change what was asked for. A failure that the next prediction would meet too
// (unknown product, LoRA not ready, no permission, limit reached, service down) stops the batch;
// the rest are reported as not sent, with the reason. Nothing is left out of the answer.

/** Statuses after which the following predictions of the same product would fail alike. */
export function stopsBatch(status: number): boolean {
  return status === 401 || status === 403 || status === 404 || status === 429 || status >= 500;
}

function errorOf(error: unknown): { status: number; body: ErrorBody } {
  if (isAppError(error)) return { status: error.status, body: error.toBody() };
  log.error({ err: error }, "batch prediction failed unexpectedly");
  return {
    status: 500,
    body: { error: "Internal Server Error", message: "Something went wrong on our side. Try again in a moment." },
  };
}

export async function runBatch(
  plan: BatchPlan,
  user: SessionUser,
  create: typeof createPredictionFor = createPredictionFor,
): Promise<BatchResult> {
  const items: BatchItem[] = [];
  // One id for the whole batch: its shots are announced together, once all have arrived.
  const batchId = randomUUID();
  let stoppedBy: ErrorBody | null = null;
  for (const [n, aspect_ratio] of plan.ratios.entries()) {
    const label = plan.variations ? { aspect_ratio, variation: n + 1 } : { aspect_ratio };
    if (stoppedBy) {
      const message = `Not sent: an earlier prediction of this batch failed (${stoppedBy.message}) and this one would fail the same way.`;
      items.push({ ...label, ok: false, sent: false, error: { error: "Not Sent", message } });
      continue;
    }
    try {
      const prediction = await create({ product_id: plan.product_id, prompt: plan.prompt, aspect_ratio }, user, { batchId });
      items.push({ ...label, ok: true, sent: true, prediction });
    } catch (error) {
      const { status, body } = errorOf(error);
      items.push({ ...label, ok: false, sent: true, error: body });
      if (stopsBatch(status)) stoppedBy = body;
    }
  }
  const created = items.filter((i) => i.ok).length;
  await recordAudit({
    actor: user,
    action: "batch.created",
    productId: plan.product_id,
    detail: { asked: items.length, created, variations: Boolean(plan.variations) },
  });
  return { items };
}

/** 200 when every prediction was created, 207 (Multi-Status) when any was not. */
export const batchStatus = (result: BatchResult) => (result.items.every((i) => i.ok) ? 200 : 207);

