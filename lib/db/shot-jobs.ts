import "server-only";
import type { Db } from "./client";
import { isoDate, isoDateOrNull } from "./dates";

// The shot jobs of campaigns and batches (migration 140): one row per shot to make, written
// before anything is sent. Every statement here is one step of lib/campaigns; times come from
// the engine's clock (`now`), never the database's, so tests can set them.

export const JOB_STATES = [
  "waiting_training",
  "queued",
  "sending",
  "unknown",
  "generating",
  "done",
  "failed",
  "cancelled",
] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a job never leaves by itself. */
export const FINAL_STATES: readonly JobState[] = ["done", "failed", "cancelled"];

export interface ShotJob {
  id: string;
  campaignId: string;
  productId: string;
  promptIndex: number;
  prompt: string;
  aspectRatio: string;
  variation: number;
  priority: number;
  state: JobState;
  nextAttemptAt: string;
  throttled: number;
  sends: number;
  sentAt: string | null;
  predictionId: string | null;
  errorStatus: number | null;
  error: string | null;
  createdBy: string | null;
}

interface Row {
  id: string | number;
  campaign_id: string;
  product_id: string;
  prompt_index: number;
  prompt: string;
  aspect_ratio: string;
  variation: number;
  priority: number;
  state: JobState;
  next_attempt_at: Date | string;
  throttled: number;
  sends: number;
  sent_at: Date | string | null;
  prediction_id: string | null;
  error_status: number | null;
  error: string | null;
  created_by: string | null;
}

const COLUMNS = `j.id, j.campaign_id, j.product_id, j.prompt_index, j.prompt, j.aspect_ratio, j.variation, j.priority, j.state,
  j.next_attempt_at, j.throttled, j.sends, j.sent_at, j.prediction_id, j.error_status, j.error, j.created_by`;

export function toJob(row: Row): ShotJob {
  return {
    id: String(row.id),
    campaignId: row.campaign_id,
    productId: row.product_id,
    promptIndex: row.prompt_index,
    prompt: row.prompt,
    aspectRatio: row.aspect_ratio,
    variation: row.variation,
    priority: row.priority,
    state: row.state,
    nextAttemptAt: isoDate(row.next_attempt_at),
    throttled: row.throttled,
    sends: row.sends,
    sentAt: isoDateOrNull(row.sent_at),
    predictionId: row.prediction_id,
    errorStatus: row.error_status,
    error: row.error,
    createdBy: row.created_by,
  };
}

/** A job as written before anything is sent: it waits for its product's training, or is queued. */
export type NewJob = Pick<
  ShotJob,
  "campaignId" | "productId" | "promptIndex" | "prompt" | "aspectRatio" | "variation" | "priority" | "createdBy"
> & {
  state: "waiting_training" | "queued";
};

/** All of a campaign's jobs in one statement; answers their ids in the order given. */
export async function insertJobs(tx: Db, jobs: readonly NewJob[], now: Date): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map((j, n) => ({
    n,
    campaign_id: j.campaignId,
    product_id: j.productId,
    prompt_index: j.promptIndex,
    prompt: j.prompt,
    aspect_ratio: j.aspectRatio,
    variation: j.variation,
    priority: j.priority,
    state: j.state,
    created_by: j.createdBy,
  }));
  const inserted = await tx.query<{ id: string | number }>(
    `INSERT INTO shot_jobs (campaign_id, product_id, prompt_index, prompt, aspect_ratio, variation, priority, state, next_attempt_at, created_by, updated_at)
     SELECT x.campaign_id, x.product_id, x.prompt_index, x.prompt, x.aspect_ratio, x.variation, x.priority, x.state, $2, x.created_by, $2
     FROM jsonb_to_recordset($1::jsonb) AS x(n int, campaign_id text, product_id text, prompt_index int, prompt text, aspect_ratio text,
          variation int, priority int, state text, created_by text)
     ORDER BY x.n
     RETURNING id`,
    [JSON.stringify(rows), now.toISOString()],
  );
  return inserted.map((r) => String(r.id)).sort((a, b) => Number(a) - Number(b));
}

/** Creates sent and not yet answered (a claim that ran out is no longer counted). */
export async function countInFlight(tx: Db, now: Date): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM shot_jobs WHERE state = 'sending' AND claim_expires_at > $1",
    [now.toISOString()],
  );
  return row.n;
}

/**
 * The next job to send, locked for this transaction: a person's own shots first, then the
 * campaign that has waited longest since its last send (fair share), then the oldest job.
 */
export async function pickQueuedJob(tx: Db, now: Date, onlyCampaign?: string): Promise<ShotJob | null> {
  const params: unknown[] = [now.toISOString()];
  if (onlyCampaign) params.push(onlyCampaign);
  const [row] = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM shot_jobs j JOIN campaigns c ON c.id = j.campaign_id
     WHERE j.state = 'queued' AND j.next_attempt_at <= $1 AND c.paused_at IS NULL AND c.cancelled_at IS NULL
       ${onlyCampaign ? "AND j.campaign_id = $2" : ""}
     ORDER BY j.priority, c.last_sent_at NULLS FIRST, j.id
     LIMIT 1 FOR UPDATE OF j SKIP LOCKED`,
    params,
  );
  return row ? toJob(row) : null;
}

/** Recorded before the create goes out: a crash after this leaves a claim that runs out. */
export async function markSending(tx: Db, job: ShotJob, holder: string, now: Date, claimMs: number): Promise<void> {
  await tx.query(
    `UPDATE shot_jobs SET state = 'sending', claimed_by = $2, sent_by = $2, claim_expires_at = $4, sent_at = $3, sends = sends + 1, updated_at = $3
     WHERE id = $1`,
    [job.id, holder, now.toISOString(), new Date(now.getTime() + claimMs).toISOString()],
  );
  await tx.query("UPDATE campaigns SET last_sent_at = $2 WHERE id = $1", [job.campaignId, now.toISOString()]);
}

/**
 * The service made `predictionId` for this job (answered, or found in its list). False when the
 * job has it already or another job claimed that prediction: nothing is recorded twice.
 */
export async function markGenerating(tx: Db, jobId: string, predictionId: string, now: Date): Promise<boolean> {
  const taken = await tx.query("SELECT 1 FROM shot_jobs WHERE prediction_id = $1", [predictionId]);
  if (taken.length > 0) return false;
  const rows = await tx.query(
    `UPDATE shot_jobs SET state = 'generating', prediction_id = $2, claimed_by = NULL, claim_expires_at = NULL,
       error = NULL, error_status = NULL, updated_at = $3
     WHERE id = $1 AND state IN ('sending', 'unknown') RETURNING id`,
    [jobId, predictionId, now.toISOString()],
  );
  return rows.length > 0;
}

/** Back in the queue: nothing was made (a 429, an unreachable service), or the list never showed it. */
export async function requeueJob(
  db: Db,
  jobId: string,
  now: Date,
  options: { throttled?: boolean; note?: string | null } = {},
): Promise<void> {
  await db.query(
    `UPDATE shot_jobs SET state = 'queued', claimed_by = NULL, claim_expires_at = NULL, next_attempt_at = $2, updated_at = $2,
       throttled = throttled + $3, error = $4, error_status = NULL
     WHERE id = $1 AND state IN ('sending', 'unknown')`,
    [jobId, now.toISOString(), options.throttled ? 1 : 0, options.note ?? null],
  );
}

/** Sent, but no answer says whether it was made: looked for in the service's list before anything else. */
export async function markUnknown(db: Db, jobId: string, now: Date, note: string): Promise<void> {
  await db.query(
    `UPDATE shot_jobs SET state = 'unknown', claimed_by = NULL, claim_expires_at = NULL, error = $3, updated_at = $2
     WHERE id = $1 AND state = 'sending'`,
    [jobId, now.toISOString(), note],
  );
}

/** Claims that ran out (the instance that sent them stopped before recording the answer). */
export async function expireClaims(db: Db, now: Date): Promise<number> {
  const rows = await db.query(
    `UPDATE shot_jobs SET state = 'unknown', claimed_by = NULL, claim_expires_at = NULL, updated_at = $1,
       error = 'Sent, but the app stopped before it recorded the answer; checking the service''s list.'
     WHERE state = 'sending' AND claim_expires_at <= $1 RETURNING id`,
    [now.toISOString()],
  );
  return rows.length;
}

/** Refused for good: the reason is kept in the service's words. */
export async function failJobs(
  db: Db,
  jobIds: readonly string[],
  now: Date,
  status: number | null,
  message: string,
): Promise<void> {
  if (jobIds.length === 0) return;
  await db.query(
    `UPDATE shot_jobs SET state = 'failed', claimed_by = NULL, claim_expires_at = NULL, error_status = $3, error = $4, updated_at = $2
     WHERE id = ANY($1::bigint[]) AND state NOT IN ('done', 'generating')`,
    [jobIds.map(Number), now.toISOString(), status, message],
  );
}

/** The product's shots not yet sent, failed with the same reason (an unknown product, no permission). */
export async function failUnsentOfProduct(
  db: Db,
  campaignId: string,
  productId: string,
  now: Date,
  status: number | null,
  message: string,
): Promise<void> {
  await db.query(
    `UPDATE shot_jobs SET state = 'failed', error_status = $4, error = $5, updated_at = $3
     WHERE campaign_id = $1 AND product_id = $2 AND state IN ('waiting_training', 'queued')`,
    [campaignId, productId, now.toISOString(), status, message],
  );
}

/** A product's shots wait for its LoRA (again), or go to the queue once it is ready. */
export async function setProductJobsWaiting(
  db: Db,
  campaignId: string,
  productId: string,
  waiting: boolean,
  now: Date,
): Promise<void> {
  const [from, to] = waiting ? ["queued", "waiting_training"] : ["waiting_training", "queued"];
  await db.query(
    `UPDATE shot_jobs SET state = '${to}', next_attempt_at = $3, updated_at = $3 WHERE campaign_id = $1 AND product_id = $2 AND state = '${from}'`,
    [campaignId, productId, now.toISOString()],
  );
}

export async function jobsInState(db: Db, state: JobState, limit = 500): Promise<ShotJob[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM shot_jobs j WHERE j.state = $1 ORDER BY j.sent_at NULLS FIRST, j.id LIMIT $2`,
    [state, limit],
  );
  return rows.map(toJob);
}

export async function getJob(db: Db, jobId: string): Promise<ShotJob | null> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM shot_jobs j WHERE j.id = $1`, [jobId]);
  return row ? toJob(row) : null;
}

/** Jobs whose prediction's images are in the gallery's index are done; answers their campaigns. */
export async function markDoneFromIndex(db: Db, now: Date): Promise<string[]> {
  const rows = await db.query<{ campaign_id: string }>(
    `UPDATE shot_jobs j SET state = 'done', updated_at = $1
     FROM prediction_index i WHERE j.state = 'generating' AND i.id = j.prediction_id AND i.image_count > 0
     RETURNING j.campaign_id`,
    [now.toISOString()],
  );
  return [...new Set(rows.map((r) => r.campaign_id))];
}

/** A campaign's creates on their way (claimed, sent, not yet answered). */
export async function sendingCount(db: Db, campaignId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM shot_jobs WHERE campaign_id = $1 AND state = 'sending'",
    [campaignId],
  );
  return row.n;
}

/** Campaign shots the service is making (a person's own shots are followed by their page and the watcher). */
export async function campaignShotsGenerating(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM shot_jobs WHERE state = 'generating' AND priority > 0",
  );
  return row.n;
}

/**
 * Campaign shots that never showed images: failed with the reason, so "retry failed" can send
 * them again. (A person's own shots are judged by their page and the watcher, as before.)
 */
export async function giveUpGenerating(db: Db, sentBefore: Date, now: Date, message: string): Promise<string[]> {
  const rows = await db.query<{ campaign_id: string }>(
    `UPDATE shot_jobs SET state = 'failed', error = $3, error_status = NULL, updated_at = $2
     WHERE state = 'generating' AND priority > 0 AND sent_at < $1 RETURNING campaign_id`,
    [sentBefore.toISOString(), now.toISOString(), message],
  );
  return [...new Set(rows.map((r) => r.campaign_id))];
}

/** Jobs not yet sent are cancelled; those sent finish and stay. */
export async function cancelUnsent(db: Db, campaignId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE shot_jobs SET state = 'cancelled', updated_at = $2 WHERE campaign_id = $1 AND state IN ('waiting_training', 'queued')`,
    [campaignId, now.toISOString()],
  );
}

/** Failed jobs go back: to the queue, or to wait for their product's LoRA. Answers how many. */
export async function retryFailedJobs(db: Db, campaignId: string, now: Date): Promise<number> {
  const rows = await db.query(
    `UPDATE shot_jobs j SET
       state = CASE WHEN cp.state = 'ready' THEN 'queued' ELSE 'waiting_training' END,
       prediction_id = NULL, error = NULL, error_status = NULL, next_attempt_at = $2, updated_at = $2
     FROM campaign_products cp
     WHERE j.campaign_id = $1 AND j.state = 'failed' AND cp.campaign_id = j.campaign_id AND cp.product_id = j.product_id
     RETURNING j.id`,
    [campaignId, now.toISOString()],
  );
  return rows.length;
}

/** Predictions of this product in the gallery's index that no job and no record of the app has claimed. */
export async function unclaimedPredictionsOf(
  db: Db,
  productId: string,
): Promise<{ id: string; prompt: string; aspect_ratio: string | null; date_modification: string }[]> {
  return db.query(
    `SELECT i.id, i.prompt, i.aspect_ratio, i.date_modification FROM prediction_index i
     WHERE i.product_id = $1
       AND NOT EXISTS (SELECT 1 FROM shot_jobs j WHERE j.prediction_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM predictions p WHERE p.id = i.id)
     ORDER BY i.sort_ms, i.id`,
    [productId],
  );
}

/** SQL: the index row `i` is a shot of the campaign named by `param` (a query parameter). */
export const IN_CAMPAIGN = (param: string) =>
  `EXISTS (SELECT 1 FROM shot_jobs j WHERE j.prediction_id = i.id AND j.campaign_id = ${param})`;

/** Jobs of a batch not yet made: the batch is announced once they have all arrived. */
export async function unsentJobCount(db: Db, campaignId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM shot_jobs WHERE campaign_id = $1 AND state IN ('waiting_training', 'queued', 'sending', 'unknown')",
    [campaignId],
  );
  return row.n;
}
