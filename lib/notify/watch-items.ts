import "server-only";
import type { Db } from "@/lib/db/client";
import type { WatchKind } from "./schedule";

// The watcher's list: every training and prediction the app started, until it finishes or the
// watcher gives up on it. Rows are added where the app starts the work (lib/studio), so a
// training started in one tab that is then closed is still seen through.

export interface WatchItem {
  kind: WatchKind;
  resourceId: string;
  productId: string;
  userId: string | null;
  batchId: string | null;
  startedAt: Date;
  checks: number;
}

interface Row {
  kind: WatchKind;
  resource_id: string;
  product_id: string;
  user_id: string | null;
  batch_id: string | null;
  started_at: Date | string;
  checks: number;
}

const toItem = (row: Row): WatchItem => ({
  kind: row.kind,
  resourceId: row.resource_id,
  productId: row.product_id,
  userId: row.user_id,
  batchId: row.batch_id,
  startedAt: new Date(row.started_at),
  checks: row.checks,
});

const ACTIVE = "finished_at IS NULL AND gave_up_at IS NULL";

/**
 * A training was started (or restarted after the service forgot it). Keeps the first start. Its row
 * is of kind 'lora', the value stored since the first watcher: it waits for the LoRA the training makes.
 */
export async function watchTraining(db: Db, input: { productId: string; userId: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO watch_items (kind, resource_id, product_id, user_id)
     VALUES ('lora', $1, $1, $2)
     ON CONFLICT (kind, resource_id) DO UPDATE SET
       user_id = COALESCE(watch_items.user_id, EXCLUDED.user_id),
       started_at = CASE WHEN watch_items.finished_at IS NULL AND watch_items.gave_up_at IS NULL
                         THEN watch_items.started_at ELSE now() END,
       next_check_at = now(), finished_at = NULL, gave_up_at = NULL`,
    [input.productId, input.userId],
  );
}

export async function watchPrediction(
  db: Db,
  input: { predictionId: string; productId: string; userId: string | null; batchId?: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO watch_items (kind, resource_id, product_id, user_id, batch_id)
     VALUES ('prediction', $1, $2, $3, $4) ON CONFLICT (kind, resource_id) DO NOTHING`,
    [input.predictionId, input.productId, input.userId, input.batchId ?? null],
  );
}

/** The items whose next check has come, soonest first. */
export async function dueItems(db: Db, now: Date, limit: number): Promise<WatchItem[]> {
  const rows = await db.query<Row>(
    `SELECT kind, resource_id, product_id, user_id, batch_id, started_at, checks FROM watch_items
     WHERE ${ACTIVE} AND next_check_at <= $1 ORDER BY next_check_at LIMIT $2`,
    [now.toISOString(), limit],
  );
  return rows.map(toItem);
}

/** Start times of everything under way: the budget is shared among them. */
export async function activeStarts(db: Db): Promise<{ kind: WatchKind; startedAt: Date }[]> {
  const rows = await db.query<{ kind: WatchKind; started_at: Date | string }>(
    `SELECT kind, started_at FROM watch_items WHERE ${ACTIVE}`,
  );
  return rows.map((row) => ({ kind: row.kind, startedAt: new Date(row.started_at) }));
}

/** When the soonest check of anything under way is due (null: nothing is). */
export async function soonestCheckAt(db: Db): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | string | null }>(
    `SELECT min(next_check_at) AS at FROM watch_items WHERE ${ACTIVE}`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function checkAgainAt(db: Db, item: WatchItem, at: Date): Promise<void> {
  await db.query(
    `UPDATE watch_items SET next_check_at = $3, checks = checks + 1 WHERE kind = $1 AND resource_id = $2`,
    [item.kind, item.resourceId, at.toISOString()],
  );
}

/** True when this call marked it finished (so only one caller announces it). */
export async function markFinished(db: Db, item: WatchItem): Promise<boolean> {
  const rows = await db.query(
    `UPDATE watch_items SET finished_at = now(), checks = checks + 1
     WHERE kind = $1 AND resource_id = $2 AND finished_at IS NULL RETURNING resource_id`,
    [item.kind, item.resourceId],
  );
  return rows.length > 0;
}

export async function giveUp(db: Db, item: WatchItem): Promise<void> {
  await db.query(`UPDATE watch_items SET gave_up_at = now() WHERE kind = $1 AND resource_id = $2`, [
    item.kind,
    item.resourceId,
  ]);
}

/** The finished predictions of a batch, and how many are still under way. */
export async function batchState(db: Db, batchId: string): Promise<{ predictionIds: string[]; open: number }> {
  const rows = await db.query<{ resource_id: string; open: boolean; finished: boolean }>(
    `SELECT resource_id, (${ACTIVE}) AS open, (finished_at IS NOT NULL) AS finished FROM watch_items
     WHERE kind = 'prediction' AND batch_id = $1 ORDER BY started_at, resource_id`,
    [batchId],
  );
  return {
    predictionIds: rows.filter((r) => r.finished).map((r) => r.resource_id),
    open: rows.filter((r) => r.open).length,
  };
}
