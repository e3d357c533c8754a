import "server-only";
import type { GallerySort } from "@/lib/schemas/gallery-params";
import { rangeEnd, rangeStart, type GalleryQuery } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import { getDb } from "./client";
import { IN_CAMPAIGN } from "./shot-jobs";
import { toView, VIEW_COLUMNS, VIEW_FROM, type IndexRow } from "./prediction-index";

// One filtered page of the gallery's index in SQL: the filters of lib/schemas/gallery-query.ts
// as WHERE clauses, the keyset cursor as a row comparison on (sort_ms, id), which the order
// index answers without walking the rows before it.

export interface IndexKey {
  t: number;
  id: string;
}

export interface IndexPage {
  items: PredictionView[];
  /** The key of the last item, when another page follows. */
  last: IndexKey | null;
  total: number;
  /** The images of everything that matches (a shot holds 1 to 4): on the first page only. */
  images?: number;
}

// Review states live in image_reviews; an image counts as reviewed once approved or rejected.
const REVIEWED = (status: string) =>
  `EXISTS (SELECT 1 FROM image_reviews r WHERE r.prediction_id = i.id AND r.status ${status})`;
const REVIEW_CLAUSES = {
  unreviewed: `NOT ${REVIEWED("IS NOT NULL")}`,
  approved: REVIEWED("= 'approved'"),
  rejected: `${REVIEWED("= 'rejected'")} AND NOT ${REVIEWED("= 'approved'")}`,
  starred: "EXISTS (SELECT 1 FROM image_reviews r WHERE r.prediction_id = i.id AND r.starred)",
} as const;

function whereOf(query: GalleryQuery, params: unknown[]): string[] {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.product_id !== undefined) where.push(`i.product_id = ${param(query.product_id)}`);
  if (query.campaign_id !== undefined) where.push(IN_CAMPAIGN(param(query.campaign_id)));
  if (query.from) where.push(`i.sort_ms >= ${param(rangeStart(query.from))}`);
  if (query.to) where.push(`i.sort_ms <= ${param(rangeEnd(query.to))}`);
  // A prediction whose ratio is unknown (made elsewhere; list items lack it) matches no ratio.
  if (query.aspect_ratio?.length) where.push(`i.aspect_ratio = ANY(${param(query.aspect_ratio)}::text[])`);
  for (const word of (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean)) {
    where.push(`strpos(lower(i.prompt), ${param(word)}) > 0`);
  }
  if (query.review) where.push(REVIEW_CLAUSES[query.review]);
  return where;
}

/** One page after `after` (exclusive) in `sort` order, and the count of everything that matches. */
export async function indexPage(
  query: GalleryQuery,
  options: { sort: GallerySort; limit: number; after: IndexKey | null },
): Promise<IndexPage> {
  const db = await getDb();
  const params: unknown[] = [];
  const where = whereOf(query, params);
  // The gallery counts images (the unit people review and download); the total of images is
  // summed for the first page only, where the count line reads it.
  const first = options.after === null;
  const imagesSql = first ? ", COALESCE(sum(i.image_count), 0)::int AS images" : "";
  const countSql = where.length
    ? `SELECT count(*)::int AS n${imagesSql} FROM prediction_index i WHERE ${where.join(" AND ")}`
    : `SELECT row_count::int AS n${first ? ", (SELECT COALESCE(sum(image_count), 0) FROM prediction_index)::int AS images" : ""}
       FROM prediction_index_state WHERE id = 1`;
  const countParams = [...params];
  const newest = options.sort === "newest";
  if (options.after) {
    params.push(options.after.t, options.after.id);
    where.push(`(i.sort_ms, i.id) ${newest ? "<" : ">"} ($${params.length - 1}::bigint, $${params.length}::text)`);
  }
  params.push(options.limit + 1);
  const dir = newest ? "DESC" : "ASC";
  const pageSql = `SELECT ${VIEW_COLUMNS} FROM ${VIEW_FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""}
    ORDER BY i.sort_ms ${dir}, i.id ${dir} LIMIT $${params.length}`;
  const [rows, [count]] = await Promise.all([
    db.query<IndexRow>(pageSql, params),
    db.query<{ n: number; images?: number }>(countSql, countParams),
  ]);
  const more = rows.length > options.limit;
  const page = more ? rows.slice(0, options.limit) : rows;
  const tail = page.at(-1);
  return {
    items: page.map(toView),
    last: more && tail ? { t: Number(tail.sort_ms), id: tail.id } : null,
    total: count.n,
    ...(count.images === undefined ? {} : { images: count.images }),
  };
}
