import "server-only";
import type { PredictionView } from "@/lib/types";
import { getDb } from "./client";
import { toView, VIEW_COLUMNS, VIEW_FROM, type IndexRow } from "./prediction-index";

// The review queue in SQL over the gallery's index: every image (a prediction's images, one row
// each) that nobody has approved or rejected, oldest prediction first, then by id and image.

export interface QueuePosition {
  t: number;
  id: string;
  i: number;
}

export interface QueueRow {
  prediction: PredictionView;
  image_index: number;
  image_url: string;
  position: QueuePosition;
}

const NOT_REVIEWED = `NOT EXISTS (SELECT 1 FROM image_reviews r
  WHERE r.prediction_id = i.id AND r.image_index = e.ord - 1 AND r.status IS NOT NULL)`;

/** Up to `limit` awaiting images after `after` (exclusive), in queue order. */
export async function awaitingImagesAfter(after: QueuePosition | null, limit: number): Promise<QueueRow[]> {
  const db = await getDb();
  const params: unknown[] = [limit];
  let from = "";
  if (after) {
    params.push(after.t, after.id, after.i);
    from = "AND (i.sort_ms, i.id, e.ord - 1) > ($2::bigint, $3::text, $4::int)";
  }
  const rows = await db.query<IndexRow & { image_url: string; image_index: number }>(
    `SELECT ${VIEW_COLUMNS}, e.url AS image_url, (e.ord - 1)::int AS image_index
     FROM ${VIEW_FROM} CROSS JOIN LATERAL jsonb_array_elements_text(i.images) WITH ORDINALITY AS e(url, ord)
     WHERE i.image_count > 0 ${from} AND ${NOT_REVIEWED}
     ORDER BY i.sort_ms, i.id, e.ord LIMIT $1`,
    params,
  );
  return rows.map((row) => ({
    prediction: toView(row),
    image_index: row.image_index,
    image_url: row.image_url,
    position: { t: Number(row.sort_ms), id: row.id, i: row.image_index },
  }));
}

/** How many images await review: every image in the index less those approved or rejected. */
export async function awaitingImageCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.query<{ n: number }>(
    `SELECT ((SELECT COALESCE(sum(image_count), 0) FROM prediction_index)
           - (SELECT count(*) FROM image_reviews r JOIN prediction_index i ON i.id = r.prediction_id
              WHERE r.status IS NOT NULL AND r.image_index < i.image_count))::int AS n`,
  );
  return row.n;
}
