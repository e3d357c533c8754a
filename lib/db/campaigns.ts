import "server-only";
import type { CampaignOutput } from "@/lib/schemas/campaign-plan";
import type { Db } from "./client";
import { isoDate, isoDateOrNull } from "./dates";

// Campaigns and their products (migration 140). A campaign's status is not stored: it is read
// from its person's choices (paused, cancelled), its products and its jobs (lib/campaigns/status.ts).

export type CampaignKind = "campaign" | "batch";
export type ProductState = "checking" | "training" | "ready" | "skipped";

export interface CampaignRecord {
  id: string;
  kind: CampaignKind;
  name: string;
  createdBy: string | null;
  createdByEmail: string | null;
  createdAt: string;
  prompts: string[];
  outputs: CampaignOutput[];
  variations: number;
  pausedAt: string | null;
  /** Why the campaign paused itself (its budget reached); null when a person paused it. */
  pausedReason: string | null;
  cancelledAt: string | null;
  finishedAt: string | null;
}

export interface CampaignProduct {
  productId: string;
  position: number;
  state: ProductState;
  reason: string | null;
  nextCheckAt: string;
  trainingStartedAt: string | null;
  loraLosses: number;
}

interface CampaignRow {
  id: string;
  kind: CampaignKind;
  name: string;
  created_by: string | null;
  created_by_email: string | null;
  created_at: Date | string;
  prompts: unknown;
  outputs: unknown;
  variations: number;
  paused_at: Date | string | null;
  paused_reason: string | null;
  cancelled_at: Date | string | null;
  finished_at: Date | string | null;
}

const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

const CAMPAIGN_COLUMNS = `c.id, c.kind, c.name, c.created_by, u.email AS created_by_email, c.created_at, c.prompts, c.outputs,
  c.variations, c.paused_at, c.paused_reason, c.cancelled_at, c.finished_at`;
const CAMPAIGN_FROM = "campaigns c LEFT JOIN users u ON u.id = c.created_by";

function toCampaign(row: CampaignRow): CampaignRecord {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    createdBy: row.created_by,
    createdByEmail: row.created_by_email,
    createdAt: isoDate(row.created_at),
    prompts: json<string[]>(row.prompts),
    outputs: json<CampaignOutput[]>(row.outputs),
    variations: row.variations,
    pausedAt: isoDateOrNull(row.paused_at),
    pausedReason: row.paused_reason,
    cancelledAt: isoDateOrNull(row.cancelled_at),
    finishedAt: isoDateOrNull(row.finished_at),
  };
}

export interface NewCampaign {
  id: string;
  kind: CampaignKind;
  name: string;
  createdBy: string | null;
  prompts: string[];
  outputs: CampaignOutput[];
  variations: number;
  products: { productId: string; state: ProductState }[];
}

export async function insertCampaign(tx: Db, c: NewCampaign, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO campaigns (id, kind, name, created_by, created_at, prompts, outputs, variations)
     VALUES ($1, $2, $3, (SELECT id FROM users WHERE id = $4), $5, $6::jsonb, $7::jsonb, $8)`,
    [
      c.id,
      c.kind,
      c.name,
      c.createdBy,
      now.toISOString(),
      JSON.stringify(c.prompts),
      JSON.stringify(c.outputs),
      c.variations,
    ],
  );
  await tx.query(
    `INSERT INTO campaign_products (campaign_id, product_id, position, state, next_check_at)
     SELECT $1, x.product_id, x.position, x.state, $2 FROM jsonb_to_recordset($3::jsonb) AS x(product_id text, position int, state text)`,
    [
      c.id,
      now.toISOString(),
      JSON.stringify(c.products.map((p, position) => ({ product_id: p.productId, position, state: p.state }))),
    ],
  );
}

export async function getCampaignRecord(db: Db, id: string): Promise<CampaignRecord | null> {
  const [row] = await db.query<CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM ${CAMPAIGN_FROM} WHERE c.id = $1`, [id]);
  return row ? toCampaign(row) : null;
}

/** Campaigns newest first, after the keyset `after` (exclusive). */
export async function listCampaignRecords(
  db: Db,
  options: { limit: number; after: { t: string; id: string } | null },
): Promise<CampaignRecord[]> {
  const params: unknown[] = [options.limit];
  let where = "c.kind = 'campaign'";
  if (options.after) {
    params.push(options.after.t, options.after.id);
    where += " AND (c.created_at, c.id) < ($2::timestamptz, $3::text)";
  }
  const rows = await db.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM ${CAMPAIGN_FROM} WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT $1`,
    params,
  );
  return rows.map(toCampaign);
}

interface ProductRow {
  product_id: string;
  position: number;
  state: ProductState;
  reason: string | null;
  next_check_at: Date | string;
  training_started_at: Date | string | null;
  lora_losses: number;
}

const PRODUCT_COLUMNS =
  "cp.product_id, cp.position, cp.state, cp.reason, cp.next_check_at, cp.training_started_at, cp.lora_losses";

function toProduct(r: ProductRow): CampaignProduct {
  return {
    productId: r.product_id,
    position: r.position,
    state: r.state,
    reason: r.reason,
    nextCheckAt: isoDate(r.next_check_at),
    trainingStartedAt: isoDateOrNull(r.training_started_at),
    loraLosses: r.lora_losses,
  };
}

export async function campaignProducts(db: Db, campaignId: string): Promise<CampaignProduct[]> {
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM campaign_products cp WHERE cp.campaign_id = $1 ORDER BY cp.position`,
    [campaignId],
  );
  return rows.map(toProduct);
}

/** Products whose LoRA must be checked or started now (a paused or ended campaign starts no training). */
export async function dueCampaignProducts(
  db: Db,
  now: Date,
  limit: number,
): Promise<(CampaignProduct & { campaignId: string; createdBy: string | null })[]> {
  const rows = await db.query<ProductRow & { campaign_id: string; created_by: string | null }>(
    `SELECT cp.campaign_id, c.created_by, ${PRODUCT_COLUMNS}
     FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
     WHERE cp.state IN ('checking', 'training') AND cp.next_check_at <= $1 AND c.cancelled_at IS NULL AND c.finished_at IS NULL
       AND (c.paused_at IS NULL OR cp.state = 'training')
     ORDER BY cp.next_check_at LIMIT $2`,
    [now.toISOString(), limit],
  );
  return rows.map((r) => ({ ...toProduct(r), campaignId: r.campaign_id, createdBy: r.created_by }));
}

export async function setCampaignProduct(
  db: Db,
  campaignId: string,
  productId: string,
  change: {
    state: ProductState;
    nextCheckAt: Date;
    reason?: string | null;
    trainingStartedAt?: Date | null;
    loraLost?: boolean;
  },
): Promise<void> {
  await db.query(
    `UPDATE campaign_products SET state = $3, next_check_at = $4, reason = $5,
       training_started_at = CASE WHEN $6::boolean THEN $7::timestamptz ELSE training_started_at END,
       lora_losses = lora_losses + CASE WHEN $8::boolean THEN 1 ELSE 0 END
     WHERE campaign_id = $1 AND product_id = $2`,
    [
      campaignId,
      productId,
      change.state,
      change.nextCheckAt.toISOString(),
      change.reason ?? null,
      change.trainingStartedAt !== undefined,
      change.trainingStartedAt?.toISOString() ?? null,
      change.loraLost ?? false,
    ],
  );
}

/** Sets (or clears) paused_at / cancelled_at; false when the campaign is unknown or already ended. */
export async function setCampaignFlag(
  db: Db,
  id: string,
  flag: "paused_at" | "cancelled_at",
  at: Date | null,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE campaigns SET ${flag} = $2${flag === "paused_at" ? ", paused_reason = NULL" : ""} WHERE id = $1 AND cancelled_at IS NULL RETURNING id`,
    [id, at?.toISOString() ?? null],
  );
  return rows.length > 0;
}

/** The campaign stops itself, saying why (its budget reached); a person resumes it. */
export async function pauseCampaignFor(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db.query(
    "UPDATE campaigns SET paused_at = COALESCE(paused_at, $2), paused_reason = $3 WHERE id = $1 AND kind = 'campaign' AND cancelled_at IS NULL",
    [id, at.toISOString(), reason],
  );
}

/**
 * Campaigns that paused themselves at a budget and are still paused, with what they wait to spend:
 * shots (a shot queued) and trainings (a product still to be checked or trained).
 */
export async function budgetPausedCampaigns(
  db: Db,
): Promise<
  { id: string; name: string; createdBy: string | null; reason: string; needsShots: boolean; needsTrainings: boolean }[]
> {
  const rows = await db.query<{
    id: string;
    name: string;
    created_by: string | null;
    paused_reason: string;
    needs_shots: boolean;
    needs_trainings: boolean;
  }>(
    `SELECT c.id, c.name, c.created_by, c.paused_reason,
            EXISTS (SELECT 1 FROM shot_jobs j WHERE j.campaign_id = c.id AND j.state = 'queued') AS needs_shots,
            EXISTS (SELECT 1 FROM campaign_products cp WHERE cp.campaign_id = c.id AND cp.state = 'checking') AS needs_trainings
       FROM campaigns c
      WHERE c.kind = 'campaign' AND c.paused_at IS NOT NULL AND c.paused_reason IS NOT NULL
        AND c.cancelled_at IS NULL AND c.finished_at IS NULL`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdBy: r.created_by,
    reason: r.paused_reason,
    needsShots: r.needs_shots,
    needsTrainings: r.needs_trainings,
  }));
}

/**
 * Resumes a campaign that paused itself, if it still waits for that same reason (a person who
 * paused it since, or resumed and it paused again, has the last word); true for the one caller that did.
 */
export async function resumeBudgetPaused(db: Db, id: string, reason: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE campaigns SET paused_at = NULL, paused_reason = NULL
      WHERE id = $1 AND paused_reason = $2 AND cancelled_at IS NULL RETURNING id`,
    [id, reason],
  );
  return rows.length > 0;
}

/** Campaigns not yet marked finished whose every product and job has come to an end. */
export async function campaignsToFinish(db: Db): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT c.id FROM campaigns c WHERE c.finished_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM shot_jobs j WHERE j.campaign_id = c.id AND j.state NOT IN ('done', 'failed', 'cancelled'))
       AND NOT EXISTS (SELECT 1 FROM campaign_products cp WHERE cp.campaign_id = c.id AND cp.state IN ('checking', 'training')
                         AND c.cancelled_at IS NULL)`,
  );
  return rows.map((r) => r.id);
}

/** Marks it finished; true for the one caller that did (so only one announces it). */
export async function markCampaignFinished(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "UPDATE campaigns SET finished_at = $2 WHERE id = $1 AND finished_at IS NULL RETURNING id",
    [id, now.toISOString()],
  );
  return rows.length > 0;
}

/** A finished campaign whose failed shots are sent again is open again. */
export async function reopenCampaign(db: Db, id: string): Promise<void> {
  await db.query("UPDATE campaigns SET finished_at = NULL WHERE id = $1", [id]);
}

export interface JobCounts {
  total: number;
  waiting_training: number;
  queued: number;
  sending: number;
  unknown: number;
  generating: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Queued jobs the service has already answered with a 429 at least once. */
  throttled: number;
}

/** Counts of jobs by state for each of these campaigns (one statement). */
export async function jobCounts(db: Db, ids: readonly string[]): Promise<Map<string, JobCounts>> {
  const out = new Map<string, JobCounts>();
  if (ids.length === 0) return out;
  const rows = await db.query<{ campaign_id: string; state: keyof JobCounts; n: number; throttled: number }>(
    `SELECT campaign_id, state, count(*)::int AS n, count(*) FILTER (WHERE throttled > 0)::int AS throttled
     FROM shot_jobs WHERE campaign_id = ANY($1::text[]) GROUP BY campaign_id, state`,
    [ids],
  );
  for (const id of ids) {
    out.set(id, {
      total: 0,
      waiting_training: 0,
      queued: 0,
      sending: 0,
      unknown: 0,
      generating: 0,
      done: 0,
      failed: 0,
      cancelled: 0,
      throttled: 0,
    });
  }
  for (const row of rows) {
    const counts = out.get(row.campaign_id)!;
    counts[row.state] += row.n;
    counts.total += row.n;
    if (row.state === "queued") counts.throttled += row.throttled;
  }
  return out;
}
