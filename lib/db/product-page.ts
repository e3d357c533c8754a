import "server-only";
import { AppError } from "@/lib/errors";
import type { ProductSort } from "@/lib/schemas/product-params";
import type { ProductQuery } from "@/lib/schemas/product-query";
import { getDb } from "./client";
import { PRODUCT_COLUMNS, toRecord, type ProductRecord, type ProductRow } from "./products";

// One page of the product registry in ONE query: the filters, the keyset after the cursor, the
// number of shots of each product on the page and the total that passes the filters.

export interface ProductPageRecord extends ProductRecord {
  shots: number;
  /** The images of its shots that have arrived (the app's one unit for counts). */
  images: number;
}

export interface ProductRecordPage {
  records: ProductPageRecord[];
  next_cursor: string | null;
  total: number;
}

// The cursor is a keyset (the last item's sort key and id, and the sort), not an offset: products
// created between two pages neither repeat nor skip an item. The time is Postgres's own text of
// created_at (microseconds), so it compares exactly.
interface CursorKey {
  s: ProductSort;
  k: string;
  id: string;
}

const KEY_OF: Record<ProductSort, string> = {
  newest: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  oldest: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  name: "lower(name)",
};
/** The list's order of each sort (the ids route answers in the same order). */
export const PRODUCT_ORDER: Record<ProductSort, string> = {
  newest: "created_at DESC, id DESC",
  oldest: "created_at ASC, id ASC",
  name: "lower(name) ASC, id ASC",
};
const AFTER: Record<ProductSort, (k: string, id: string) => string> = {
  newest: (k, id) => `(created_at, id) < (${k}::timestamptz, ${id})`,
  oldest: (k, id) => `(created_at, id) > (${k}::timestamptz, ${id})`,
  name: (k, id) => `(lower(name), id) > (${k}, ${id})`,
};

export function encodeProductCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export function decodeProductCursor(cursor: string, sort: ProductSort): CursorKey {
  const invalid = () => new AppError("bad_request", "cursor is not valid; start again from the first page");
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const k = key as Partial<CursorKey> | null;
  if (!k || typeof k !== "object" || typeof k.k !== "string" || typeof k.id !== "string") throw invalid();
  if (k.s !== sort)
    throw new AppError("bad_request", "cursor belongs to another sort order; start again from the first page");
  if (sort !== "name" && Number.isNaN(Date.parse(k.k))) throw invalid();
  return { s: sort, k: k.k, id: k.id };
}

/** `%`, `_` and `\` in a search word match themselves. */
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of the list's filters (every product not archived when none), its values pushed onto `params`. */
export function productFilterSql(
  query: Pick<ProductQuery, "q" | "template_id" | "lora" | "archived">,
  params: unknown[],
): string {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const word of (query.q ?? "").split(/\s+/).filter(Boolean))
    where.push(`name ILIKE ${param(likeWord(word))} ESCAPE '\\'`);
  if (query.template_id) where.push(`template_id = ${param(query.template_id)}`);
  if (query.lora === "ready") where.push("lora_ready_at IS NOT NULL");
  if (query.lora === "training") where.push("lora_ready_at IS NULL AND lora_started_at IS NOT NULL");
  if (query.lora === "not_started") where.push("lora_ready_at IS NULL AND lora_started_at IS NULL");
  // Archived products leave every list and picker unless asked for.
  if (query.archived === "only") where.push("archived_at IS NOT NULL");
  else if (query.archived !== "include") where.push("archived_at IS NULL");
  return where.length ? where.join(" AND ") : "true";
}

type PageRow = ProductRow & { total: number; shots: number | null; images: number | null; sort_key: string | null };

export async function queryProductPage(query: ProductQuery, limit: number): Promise<ProductRecordPage> {
  const params: unknown[] = [];
  const where = productFilterSql(query, params);
  let after = "true";
  if (query.cursor) {
    const key = decodeProductCursor(query.cursor, query.sort);
    params.push(key.k, key.id);
    after = AFTER[query.sort](`$${params.length - 1}`, `$${params.length}`);
  }
  params.push(limit + 1);
  const db = await getDb();
  // The LEFT JOIN keeps one row (with the total) when the page itself is empty.
  const rows = await db.query<PageRow>(
    `SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM products WHERE ${where}) t
     LEFT JOIN LATERAL (
       SELECT ${PRODUCT_COLUMNS}, ${KEY_OF[query.sort]} AS sort_key,
         (SELECT count(*)::int FROM predictions WHERE predictions.product_id = products.id) AS shots,
         (SELECT COALESCE(sum(image_count), 0)::int FROM prediction_index WHERE prediction_index.product_id = products.id) AS images
       FROM products WHERE ${where} AND ${after}
       ORDER BY ${PRODUCT_ORDER[query.sort]} LIMIT $${params.length}
     ) p ON true
     ORDER BY ${PRODUCT_ORDER[query.sort]}`,
    params,
  );
  const found = rows.filter((row) => row.id !== null);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    records: page.map((row) => ({ ...toRecord(row), shots: Number(row.shots ?? 0), images: Number(row.images ?? 0) })),
    next_cursor:
      found.length > limit && last
        ? encodeProductCursor({ s: query.sort, k: String(last.sort_key), id: last.id })
        : null,
    total: Number(rows[0]?.total ?? 0),
  };
}
