import "server-only";
import { shownImage } from "@/lib/service";
import type { PredictionView } from "@/lib/types";
import { getDb } from "./client";
import { toView, VIEW_COLUMNS, VIEW_FROM, type IndexRow } from "./prediction-index";
import { IN_CAMPAIGN } from "./shot-jobs";

// The review queue in SQL over the gallery's index: every image (a prediction's images, one row
// each) that nobody has approved or rejected, oldest (or newest) prediction first, then by id and image.

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

export interface QueueFilter {
  sort: "oldest" | "newest";
  productId?: string;
  campaignId?: string;
}

/** The queue's filter as conditions on the index row `i`, their values added to `params`. */
function filterConditions(filter: { productId?: string; campaignId?: string }, params: unknown[]): string[] {
  const where: string[] = [];
  if (filter.productId) {
    params.push(filter.productId);
    where.push(`i.product_id = $${params.length}`);
  }
  if (filter.campaignId) {
    params.push(filter.campaignId);
    where.push(IN_CAMPAIGN(`$${params.length}`));
  }
  return where;
}

/** Up to `limit` awaiting images after `after` (exclusive), in queue order. */
export async function awaitingImagesAfter(
  after: QueuePosition | null,
  limit: number,
  filter: QueueFilter,
): Promise<QueueRow[]> {
  const db = await getDb();
  const params: unknown[] = [limit];
  const where = filterConditions(filter, params);
  if (after) {
    params.push(after.t, after.id, after.i);
    const [t, id, i] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
    // Newest first walks predictions backwards but keeps each one's images in their own order.
    where.push(
      filter.sort === "newest"
        ? `((i.sort_ms, i.id) < (${t}::bigint, ${id}::text) OR ((i.sort_ms, i.id) = (${t}::bigint, ${id}::text) AND e.ord - 1 > ${i}::int))`
        : `(i.sort_ms, i.id, e.ord - 1) > (${t}::bigint, ${id}::text, ${i}::int)`,
    );
  }
  const order = filter.sort === "newest" ? "i.sort_ms DESC, i.id DESC, e.ord" : "i.sort_ms, i.id, e.ord";
  const rows = await db.query<IndexRow & { image_url: string; image_index: number }>(
    `SELECT ${VIEW_COLUMNS}, e.url AS image_url, (e.ord - 1)::int AS image_index
     FROM ${VIEW_FROM} CROSS JOIN LATERAL jsonb_array_elements_text(i.images) WITH ORDINALITY AS e(url, ord)
     WHERE i.image_count > 0 ${where.map((w) => `AND ${w}`).join(" ")} AND ${NOT_REVIEWED}
     ORDER BY ${order} LIMIT $1`,
    params,
  );
  return rows.map((row) => ({
    prediction: toView(row),
    image_index: row.image_index,
    image_url: shownImage(row.image_url),
    position: { t: Number(row.sort_ms), id: row.id, i: row.image_index },
  }));
}

// Approved or rejected images still in the index, per prediction (an index row may have shrunk).
const REVIEWED_PER_PREDICTION = `(SELECT r.prediction_id, count(*)::int AS n FROM image_reviews r
  JOIN prediction_index i2 ON i2.id = r.prediction_id
  WHERE r.status IS NOT NULL AND r.image_index < i2.image_count GROUP BY r.prediction_id)`;

/** How many images await review (of one product, of one campaign, if given): its images less those approved or rejected. */
export async function awaitingImageCount(filter: { productId?: string; campaignId?: string } = {}): Promise<number> {
  const db = await getDb();
  const params: unknown[] = [];
  const where = filterConditions(filter, params);
  const [row] = await db.query<{ n: number }>(
    `SELECT COALESCE(sum(i.image_count - COALESCE(rv.n, 0)), 0)::int AS n
     FROM prediction_index i LEFT JOIN ${REVIEWED_PER_PREDICTION} rv ON rv.prediction_id = i.id
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`,
    params,
  );
  return row.n;
}

/** The products with images awaiting review (of one campaign, if given) and how many, by name (products made elsewhere last). */
export async function awaitingByProduct(
  campaignId?: string,
): Promise<{ id: string; name: string | null; awaiting: number }[]> {
  const db = await getDb();
  return db.query<{ id: string; name: string | null; awaiting: number }>(
    `SELECT i.product_id AS id, max(p.name) AS name, sum(i.image_count - COALESCE(rv.n, 0))::int AS awaiting
     FROM prediction_index i LEFT JOIN products p ON p.id = i.product_id
       LEFT JOIN ${REVIEWED_PER_PREDICTION} rv ON rv.prediction_id = i.id
     ${campaignId ? `WHERE ${IN_CAMPAIGN("$1")}` : ""}
     GROUP BY i.product_id HAVING sum(i.image_count - COALESCE(rv.n, 0)) > 0
     ORDER BY max(p.name) NULLS LAST, i.product_id`,
    campaignId ? [campaignId] : [],
  );
}
