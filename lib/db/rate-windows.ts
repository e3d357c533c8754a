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

export async function countHit(key: string, windowSeconds: number): Promise<WindowHit> {
  const db = await getDb();
  const [row] = await db.query<{ hits: number; seconds: number }>(
    `INSERT INTO rate_windows AS t (key, hits, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN t.window_started_at <= now() - $2::int * interval '1 second' THEN 1 ELSE t.hits + 1 END,
       window_started_at = CASE WHEN t.window_started_at <= now() - $2::int * interval '1 second' THEN now() ELSE t.window_started_at END
     RETURNING hits, ceil(extract(epoch FROM window_started_at + $2::int * interval '1 second' - now()))::int AS seconds`,
    [key, windowSeconds],
  );
  // A new window: forget keys nobody has hit for a day, so the table stays small.
  if (row.hits === 1) await db.query(`DELETE FROM rate_windows WHERE window_started_at < now() - interval '1 day'`);
  return { hits: row.hits, secondsLeft: Math.max(1, row.seconds) };
}
