import "server-only";
import type {
  CampaignCell,
  CampaignCellState,
  CampaignPage,
  CampaignStatus,
  CampaignSummary,
  CampaignView,
} from "@/lib/api-types";
import { decodeCursor, encodeCursor } from "@/lib/cursor";
import type { Db } from "@/lib/db/client";
import {
  campaignProducts,
  getCampaignRecord,
  jobCounts,
  listCampaignRecords,
  type CampaignProduct,
  type CampaignRecord,
  type JobCounts,
} from "@/lib/db/campaigns";
import { fastestRecentGenerationMs } from "@/lib/db/generation-times";
import { AppError } from "@/lib/errors";
import { shownImage } from "@/lib/service";
import { LORA_TIMING } from "@/lib/lora/estimate";
import { OUTSIDE_PRODUCT } from "@/lib/words/product-name";
import { z } from "zod";
import type { AspectRatio } from "@/lib/types";
import { currentPace } from "./claim";
import type { EngineContext } from "./context";
import type { PaceState } from "./pace";

// Campaigns as the API answers them. The status is read from what the rows say, never stored:
// the person's choices (paused, cancelled), then whether any shot is still to come, then whether
// shots wait only for trainings.

const TYPICAL_GENERATION_MS = 45_000;

export function campaignStatus(
  record: Pick<CampaignRecord, "pausedAt" | "cancelledAt">,
  counts: JobCounts,
): CampaignStatus {
  if (record.cancelledAt) return "cancelled";
  const open = counts.total - counts.done - counts.failed - counts.cancelled;
  if (open === 0) return counts.done === 0 && counts.failed > 0 ? "failed" : "done";
  if (record.pausedAt) return "paused";
  const under = counts.queued + counts.sending + counts.unknown + counts.generating;
  return under === 0 && counts.waiting_training > 0 ? "training" : "running";
}

/** Time until the last shot, at the service's recent pace (null when nothing is left). */
export function etaMs(
  counts: JobCounts,
  products: readonly CampaignProduct[],
  pace: PaceState,
  generationMs: number,
  now: number,
): number | null {
  const unsent = counts.queued + counts.waiting_training + counts.sending + counts.unknown;
  if (unsent + counts.generating === 0) return null;
  const training = products
    .filter((p) => p.state === "checking" || p.state === "training")
    .map((p) =>
      Math.max(0, LORA_TIMING.expectedMs - (p.trainingStartedAt ? now - Date.parse(p.trainingStartedAt) : 0)),
    );
  const waitForService = Math.max(0, pace.blockedUntil - now);
  return Math.round(Math.max(0, ...training) + waitForService + (unsent * 1000) / pace.rate + generationMs);
}

function summary(
  record: CampaignRecord,
  counts: JobCounts,
  products: readonly CampaignProduct[],
  pace: PaceState,
  generationMs: number,
  now: number,
): CampaignSummary {
  const status = campaignStatus(record, counts);
  const live = status === "running" || status === "training";
  return {
    id: record.id,
    name: record.name,
    status,
    total: counts.total,
    ready: counts.done,
    failed: counts.failed,
    cancelled: counts.cancelled,
    open: counts.total - counts.done - counts.failed - counts.cancelled,
    product_count: products.length,
    prompts: record.prompts,
    outputs: record.outputs,
    variations: record.variations,
    created_at: record.createdAt,
    created_by_email: record.createdByEmail,
    paused_at: record.pausedAt,
    paused_reason: record.pausedReason,
    finished_at: record.finishedAt,
    waiting_reason: live && counts.queued > 0 && pace.blockedUntil > now ? pace.waitReason : null,
    eta_ms: live ? etaMs(counts, products, pace, generationMs, now) : null,
  };
}

interface CellRow {
  product_id: string;
  prompt_index: number;
  aspect_ratio: string;
  variation: number;
  state: string;
  throttled: number;
  prediction_id: string | null;
  error: string | null;
  images: unknown;
}

function cellState(row: CellRow, productState: string | undefined, serviceWaits: boolean): CampaignCellState {
  switch (row.state) {
    case "waiting_training":
      return productState === "training" ? "training" : "waiting_training";
    case "queued":
      return serviceWaits || row.throttled > 0 ? "waiting_service" : "queued";
    case "unknown":
      return "confirming";
    default:
      return row.state as CampaignCellState;
  }
}

export async function getCampaignView(
  ctx: Pick<EngineContext, "db" | "pace" | "clock">,
  id: string,
): Promise<CampaignView> {
  const record = await getCampaignRecord(ctx.db, id);
  if (!record) throw new AppError("not_found", "This campaign does not exist (it may have been deleted).");
  const [counts, products, pace, generationMs, names, rows] = await Promise.all([
    jobCounts(ctx.db, [id]).then((m) => m.get(id)!),
    campaignProducts(ctx.db, id),
    currentPace(ctx.db, ctx),
    fastestRecentGenerationMs().then((ms) => ms ?? TYPICAL_GENERATION_MS),
    productNames(ctx.db, id),
    ctx.db.query<CellRow>(
      `SELECT j.product_id, j.prompt_index, j.aspect_ratio, j.variation, j.state, j.throttled, j.prediction_id, j.error, i.images
       FROM shot_jobs j LEFT JOIN prediction_index i ON i.id = j.prediction_id
       WHERE j.campaign_id = $1 ORDER BY j.id`,
      [id],
    ),
  ]);
  const now = ctx.clock().getTime();
  const productState = new Map(products.map((p) => [p.productId, p.state]));
  const serviceWaits = pace.blockedUntil > now;
  const cells: CampaignCell[] = rows.map((row) => {
    const images = Array.isArray(row.images)
      ? (row.images as string[])
      : typeof row.images === "string"
        ? (JSON.parse(row.images) as string[])
        : [];
    return {
      product_id: row.product_id,
      prompt_index: row.prompt_index,
      aspect_ratio: row.aspect_ratio as AspectRatio,
      variation: row.variation,
      state: cellState(row, productState.get(row.product_id), serviceWaits),
      prediction_id: row.prediction_id,
      image: images[0] === undefined ? null : shownImage(images[0]),
      images: images.length,
      error: row.error,
    };
  });
  return {
    ...summary(record, counts, products, pace, generationMs, now),
    products: products.map((p) => ({
      id: p.productId,
      name: names.get(p.productId) ?? OUTSIDE_PRODUCT,
      state: p.state,
      reason: p.reason,
      training_started_at: p.trainingStartedAt,
    })),
    cells,
  };
}

async function productNames(db: Db, campaignId: string): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; name: string }>(
    "SELECT p.id, p.name FROM campaign_products cp JOIN products p ON p.id = cp.product_id WHERE cp.campaign_id = $1",
    [campaignId],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

const cursorSchema = z.object({ t: z.string().datetime(), id: z.string().max(200) });

export async function listCampaigns(
  ctx: Pick<EngineContext, "db" | "pace" | "clock">,
  options: { limit: number; cursor?: string },
): Promise<CampaignPage> {
  const after = options.cursor ? decodeCursor(options.cursor, cursorSchema) : null;
  const records = await listCampaignRecords(ctx.db, { limit: options.limit + 1, after });
  const page = records.slice(0, options.limit);
  const ids = page.map((r) => r.id);
  const [counts, pace, generationMs, products] = await Promise.all([
    jobCounts(ctx.db, ids),
    currentPace(ctx.db, ctx),
    fastestRecentGenerationMs().then((ms) => ms ?? TYPICAL_GENERATION_MS),
    Promise.all(ids.map((id) => campaignProducts(ctx.db, id))),
  ]);
  const now = ctx.clock().getTime();
  const last = page.at(-1);
  return {
    items: page.map((record, n) => summary(record, counts.get(record.id)!, products[n], pace, generationMs, now)),
    next_cursor: records.length > options.limit && last ? encodeCursor({ t: last.createdAt, id: last.id }) : null,
  };
}
