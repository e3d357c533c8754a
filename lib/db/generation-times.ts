import "server-only";
import { getDb } from "./client";

// How long the account's shots take to generate, learned from the app's own predictions: the row
// of the index is written when a poll (or the list) first shows the images, so its updated_at
// minus the app's created_at is the generation time, over-estimated by at most one poll.

const RECENT = 20;

/** The shortest generation time among the app's most recent finished predictions, or null. */
export async function fastestRecentGenerationMs(): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.query<{ ms: number | null }>(
    `SELECT min(extract(epoch FROM (i.updated_at - i.created_at)) * 1000)::float8 AS ms
     FROM (SELECT id FROM predictions ORDER BY created_at DESC LIMIT ${RECENT}) r
     JOIN prediction_index i ON i.id = r.id
     WHERE i.image_count > 0 AND i.created_at IS NOT NULL AND i.updated_at > i.created_at`,
  );
  return row?.ms ?? null;
}
