import "server-only";
import { getDb } from "./client";

// Hits per key in fixed windows, in the database so every app instance counts together (house
// rule 15). One statement counts the hit and answers the total, so two instances hitting the same
// key at once both count. A refused hit counts too: a flood does not reopen its own window.

export interface WindowHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends (at least 1). */
  secondsLeft: number;
}

/** Counts `weight` hits (a batch of N shots is N) and answers the window's total. */
export async function countHit(key: string, windowSeconds: number, weight = 1): Promise<WindowHit> {
  const db = await getDb();
  const [row] = await db.query<{ hits: number; seconds: number }>(
    `INSERT INTO rate_windows AS t (key, hits, window_started_at) VALUES ($1, $3, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN t.window_started_at <= now() - $2::int * interval '1 second' THEN $3 ELSE t.hits + $3 END,
       window_started_at = CASE WHEN t.window_started_at <= now() - $2::int * interval '1 second' THEN now() ELSE t.window_started_at END
     RETURNING hits, ceil(extract(epoch FROM window_started_at + $2::int * interval '1 second' - now()))::int AS seconds`,
    [key, windowSeconds, weight],
  );
  // A new window: forget keys nobody has hit for a day, so the table stays small.
  if (row.hits === weight)
    await db.query(`DELETE FROM rate_windows WHERE window_started_at < now() - interval '1 day'`);
  return { hits: row.hits, secondsLeft: Math.max(1, row.seconds) };
}
