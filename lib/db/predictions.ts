import "server-only";
import { log } from "@/lib/log";
import { getDb } from "./client";
import { isoDate } from "./dates";
import { reconcileJournal } from "./reconcile";
import { recordDurably, type RecordOutcome } from "./record-durably";
import type { PredictionInput } from "./registry-writes";

// The registry of predictions this app created: the prompt and aspect ratio it asked for
// (the service's list items lack the aspect ratio) and who asked.

export type { PredictionInput };

export interface PredictionRecord {
  id: string;
  productId: string;
  prompt: string;
  aspectRatio: string;
  createdBy: string | null;
  createdAt: string;
  /** The batch it was asked in; null when asked alone. */
  batchId: string | null;
}

interface PredictionRow {
  id: string;
  product_id: string;
  prompt: string;
  aspect_ratio: string;
  created_by: string | null;
  created_at: Date | string;
  batch_id: string | null;
}

const COLUMNS = "id, product_id, prompt, aspect_ratio, created_by, created_at, batch_id";

function toRecord(row: PredictionRow): PredictionRecord {
  return {
    id: row.id,
    productId: row.product_id,
    prompt: row.prompt,
    aspectRatio: row.aspect_ratio,
    createdBy: row.created_by,
    createdAt: isoDate(row.created_at),
    batchId: row.batch_id,
  };
}

/** Call once the service has created the prediction. Retries, then journals; never loses it. */
export function recordPrediction(p: PredictionInput): Promise<RecordOutcome> {
  return recordDurably({
    kind: "prediction",
    record: { ...p, createdAt: p.createdAt ?? new Date().toISOString() },
  });
}

/** Newest first. Replays the journal first so nothing waiting there is missing. */
export async function listPredictionRecords(): Promise<PredictionRecord[]> {
  await reconcileJournal().catch((error) => log.error({ err: error }, "registry journal reconcile failed"));
  const db = await getDb();
  const rows = await db.query<PredictionRow>(`SELECT ${COLUMNS} FROM predictions ORDER BY created_at DESC, id`);
  return rows.map(toRecord);
}

export async function getPredictionRecord(id: string): Promise<PredictionRecord | null> {
  const db = await getDb();
  const [row] = await db.query<PredictionRow>(`SELECT ${COLUMNS} FROM predictions WHERE id = $1`, [id]);
  return row ? toRecord(row) : null;
}

/** The records among `ids` (unknown ids are simply absent), keyed by id. */
export async function predictionRecordsByIds(ids: readonly string[]): Promise<Map<string, PredictionRecord>> {
  const result = new Map<string, PredictionRecord>();
  if (ids.length === 0) return result;
  const db = await getDb();
  const rows = await db.query<PredictionRow>(`SELECT ${COLUMNS} FROM predictions WHERE id = ANY($1::text[])`, [
    [...new Set(ids)],
  ]);
  for (const row of rows) result.set(row.id, toRecord(row));
  return result;
}
