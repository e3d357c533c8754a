import "server-only";
import { getDb } from "./client";

// The one row that says when the service's list was last read into the gallery's index, and
// which app instance is reading it now. Taking the lease is one conditional UPDATE, so of two
// instances asking at once exactly one gets it; a holder that dies frees it when it runs out.

const LEASE_MS = 5 * 60_000;

// Reading a long list costs the service and the app: seconds between reads for a few hundred
// predictions, two minutes at 100,000 (never more often than once a minute at that size).
export const MIN_CADENCE_MS = 3_000;
export const MAX_CADENCE_MS = 10 * 60_000;
const MS_PER_PREDICTION = 1.2;

export function cadenceFor(listLength: number): number {
  return Math.round(Math.min(MAX_CADENCE_MS, Math.max(MIN_CADENCE_MS, listLength * MS_PER_PREDICTION)));
}

export interface IndexState {
  attemptedAt: Date | null;
  reconciledAt: Date | null;
  listLength: number;
  cadenceMs: number;
  /** Some instance is reading the list right now. */
  leased: boolean;
}

export async function readIndexState(): Promise<IndexState> {
  const db = await getDb();
  const [row] = await db.query<{
    attempted_at: Date | string | null;
    reconciled_at: Date | string | null;
    list_length: number;
    cadence_ms: number;
    leased: boolean;
  }>(
    `SELECT attempted_at, reconciled_at, list_length, cadence_ms, COALESCE(lease_until > now(), false) AS leased
     FROM prediction_index_state WHERE id = 1`,
  );
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    attemptedAt: date(row.attempted_at),
    reconciledAt: date(row.reconciled_at),
    listLength: row.list_length,
    cadenceMs: row.cadence_ms,
    leased: row.leased,
  };
}

/**
 * Takes the lease when nobody holds it and a read is due: the last attempt is older than the
 * cadence; or, for a person's refresh (`refreshGapMs`), their last refresh is older than that gap;
 * or `force` (an installation's first read). True when taken.
 */
export async function claimReconcile(
  holder: string,
  options: { force?: boolean; refreshGapMs?: number } = {},
): Promise<boolean> {
  const db = await getDb();
  const rows = await db.query<{ id: number }>(
    `UPDATE prediction_index_state
     SET lease_holder = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000), attempted_at = now(),
         refreshed_at = CASE WHEN $3::double precision IS NULL THEN refreshed_at ELSE now() END
     WHERE id = 1
       AND (lease_until IS NULL OR lease_until < now())
       AND ($4::boolean
            OR CASE WHEN $3::double precision IS NULL
                 THEN attempted_at IS NULL OR attempted_at + make_interval(secs => cadence_ms::double precision / 1000) <= now()
                 ELSE refreshed_at IS NULL OR refreshed_at + make_interval(secs => $3::double precision / 1000) <= now()
               END)
     RETURNING id`,
    [holder, LEASE_MS, options.refreshGapMs ?? null, options.force ?? false],
  );
  return rows.length === 1;
}

/** Frees the lease; after a complete read also records it and the cadence for the list's length. */
export async function releaseReconcile(holder: string, listLength: number | null): Promise<void> {
  const db = await getDb();
  if (listLength === null) {
    await db.query(
      "UPDATE prediction_index_state SET lease_holder = NULL, lease_until = NULL WHERE id = 1 AND lease_holder = $1",
      [holder],
    );
    return;
  }
  await db.query(
    `UPDATE prediction_index_state
     SET lease_holder = NULL, lease_until = NULL, reconciled_at = now(), list_length = $2, cadence_ms = $3
     WHERE id = 1 AND lease_holder = $1`,
    [holder, listLength, cadenceFor(listLength)],
  );
}

/** Seconds until a person may ask for another refresh (0: now), by the database's clock. */
export async function secondsUntilRefresh(minGapMs: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.query<{ wait: number | null }>(
    `SELECT ceil(extract(epoch FROM refreshed_at + make_interval(secs => $1::double precision / 1000) - now()))::int AS wait
     FROM prediction_index_state WHERE id = 1`,
    [minGapMs],
  );
  return Math.max(0, row?.wait ?? 0);
}
