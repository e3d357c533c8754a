import "server-only";
import { parseServiceDate } from "@/lib/format";
import { assetKey, isAssetUrl, keptImage, shownImage } from "@/lib/service";
import { ASPECT_RATIOS, type AspectRatio, type Prediction, type PredictionView } from "@/lib/types";
import { getDb, type Db } from "./client";
import { isoDateOrNull } from "./dates";

// The gallery's index rows (migration 30): writes from the background reconcile, the create and
// single-prediction polls, and the reads that turn rows back into PredictionViews. The product
// name is joined at read time, so a renamed product never leaves stale names behind. Images are
// kept by their asset keys (lib/service/assets.ts) and read back as today's asset addresses, so
// a service whose images move to another origin leaves no row pointing at the old one.

export interface IndexRow {
  id: string;
  product_id: string;
  prompt: string;
  aspect_ratio: string | null;
  images: string[];
  date_modification: string;
  sort_ms: string | number;
  created_at: Date | string | null;
  product_name: string | null;
  batch_id: string | null;
}

/** Columns of a read: the row, its product's name, its batch. `i` is prediction_index, `p` products, `rb` predictions (the registry). */
export const VIEW_COLUMNS =
  "i.id, i.product_id, i.prompt, i.aspect_ratio, i.images, i.date_modification, i.sort_ms, i.created_at, p.name AS product_name, rb.batch_id";
export const VIEW_FROM =
  "prediction_index i LEFT JOIN products p ON p.id = i.product_id LEFT JOIN predictions rb ON rb.id = i.id";

function ratioOf(value: string | null): AspectRatio | null {
  return value && (ASPECT_RATIOS as readonly string[]).includes(value) ? (value as AspectRatio) : null;
}

export function toView(row: IndexRow): PredictionView {
  return {
    id: row.id,
    product_id: row.product_id,
    prompt: row.prompt,
    aspect_ratio: ratioOf(row.aspect_ratio),
    status: row.images.length > 0 ? "succeeded" : "processing",
    images: row.images.map(shownImage),
    date_modification: row.date_modification,
    product_name: row.product_name,
    created_at: isoDateOrNull(row.created_at),
    ...(row.batch_id ? { batch_id: row.batch_id } : {}),
  };
}

/** What the service said about one prediction, plus what this app knows (its creation time). */
export interface IndexInput extends Prediction {
  created_at?: string | null;
}

function serviceMs(p: Prediction): number {
  return parseServiceDate(p.date_modification)?.getTime() ?? 0;
}

// One statement per batch. A row's creation time comes from the registry when this app made the
// prediction (joined here, so a list item made by this app sorts by it), and is never lost once
// known. Unchanged rows are not written, so reading a long list that has not changed costs reads.
const UPSERT = `
  INSERT INTO prediction_index AS t (id, product_id, prompt, aspect_ratio, images, image_count, date_modification, sort_ms, created_at)
  SELECT x.id, x.product_id, COALESCE(r.prompt, x.prompt), COALESCE(x.aspect_ratio, r.aspect_ratio), x.images,
         jsonb_array_length(x.images), x.date_modification,
         COALESCE(floor(extract(epoch FROM COALESCE(x.created_at, r.created_at)) * 1000)::bigint, x.service_ms),
         COALESCE(x.created_at, r.created_at)
  FROM jsonb_to_recordset($1::jsonb) AS x(id text, product_id text, prompt text, aspect_ratio text, images jsonb,
       date_modification text, service_ms bigint, created_at timestamptz)
  LEFT JOIN predictions r ON r.id = x.id
  ON CONFLICT (id) DO UPDATE SET
    product_id = EXCLUDED.product_id,
    prompt = CASE WHEN t.created_at IS NOT NULL THEN t.prompt ELSE EXCLUDED.prompt END,
    aspect_ratio = COALESCE(EXCLUDED.aspect_ratio, t.aspect_ratio),
    images = EXCLUDED.images,
    image_count = EXCLUDED.image_count,
    date_modification = EXCLUDED.date_modification,
    sort_ms = CASE WHEN EXCLUDED.created_at IS NULL AND t.created_at IS NOT NULL THEN t.sort_ms ELSE EXCLUDED.sort_ms END,
    created_at = COALESCE(EXCLUDED.created_at, t.created_at),
    updated_at = now()
  WHERE t.images IS DISTINCT FROM EXCLUDED.images
     OR t.date_modification IS DISTINCT FROM EXCLUDED.date_modification
     OR t.product_id IS DISTINCT FROM EXCLUDED.product_id
     OR (EXCLUDED.aspect_ratio IS NOT NULL AND t.aspect_ratio IS DISTINCT FROM EXCLUDED.aspect_ratio)
     OR (EXCLUDED.created_at IS NOT NULL AND t.created_at IS NULL)
     OR (t.created_at IS NULL AND t.prompt IS DISTINCT FROM EXCLUDED.prompt)`;

/** Inserts or updates index rows in one statement; answers how many rows changed. */
export async function upsertIndexRows(items: readonly IndexInput[], db?: Db): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map((p) => ({
    id: p.id,
    product_id: p.product_id,
    prompt: p.prompt,
    aspect_ratio: p.aspect_ratio,
    images: p.images.map(keptImage),
    date_modification: p.date_modification,
    service_ms: serviceMs(p),
    created_at: p.created_at ?? null,
  }));
  const target = db ?? (await getDb());
  // xmax = 0 marks a row this statement inserted (not updated): the count grows in the same
  // transaction, so two instances writing at once keep it exact.
  return target.transaction(async (tx) => {
    const changed = await tx.query<{ inserted: boolean }>(`${UPSERT} RETURNING (t.xmax = 0) AS inserted`, [
      JSON.stringify(rows),
    ]);
    const inserted = changed.filter((row) => row.inserted).length;
    if (inserted > 0)
      await tx.query("UPDATE prediction_index_state SET row_count = row_count + $1 WHERE id = 1", [inserted]);
    return changed.length;
  });
}

/**
 * The items of a batch that are new to the index or differ from their row in what the service's
 * list carries (images arrive with a new date_modification). Reading the list again every few
 * minutes then costs one lookup by key per batch rather than a write per row.
 */
export async function changedItems<T extends IndexInput>(items: readonly T[]): Promise<T[]> {
  if (items.length === 0) return [];
  const db = await getDb();
  const rows = await db.query<{ id: string; product_id: string; date_modification: string; images: string[] }>(
    "SELECT id, product_id, date_modification, images FROM prediction_index WHERE id = ANY($1::text[])",
    [items.map((p) => p.id)],
  );
  const known = new Map(rows.map((row) => [row.id, row]));
  // Images compare by key: a list read after the service's images moved host changes nothing,
  // while one whose addresses truly changed (another layout) rewrites the row.
  const sameImages = (kept: string[], images: readonly string[]) =>
    kept.length === images.length && images.every((url, i) => keptImage(url) === kept[i]);
  return items.filter((p) => {
    const row = known.get(p.id);
    return (
      !row ||
      row.date_modification !== p.date_modification ||
      !sameImages(row.images, p.images) ||
      row.product_id !== p.product_id
    );
  });
}

/** How many images each of these predictions holds, as the index knows (absent ids count none). */
export async function imageCounts(ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.query<{ id: string; image_count: number }>(
    "SELECT id, image_count FROM prediction_index WHERE id = ANY($1::text[])",
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.image_count]));
}

/** Fresh planner statistics after many rows changed (PGlite runs no autovacuum of its own). */
export async function analyzeIndex(): Promise<void> {
  await (await getDb()).query("ANALYZE prediction_index");
}

/** The index's views among `ids` (unknown ids are simply absent), keyed by id. */
export async function indexViewsByIds(ids: readonly string[]): Promise<Map<string, PredictionView>> {
  const out = new Map<string, PredictionView>();
  if (ids.length === 0) return out;
  const db = await getDb();
  const rows = await db.query<IndexRow>(`SELECT ${VIEW_COLUMNS} FROM ${VIEW_FROM} WHERE i.id = ANY($1::text[])`, [
    [...new Set(ids)],
  ]);
  for (const row of rows) out.set(row.id, toView(row));
  return out;
}

/** Whether `url` is exactly one of the indexed predictions' images, by its asset key (GIN-indexed lookup). */
export async function indexHasImage(url: string): Promise<boolean> {
  const key = isAssetUrl(url) ? assetKey(url) : null;
  if (key === null) return false;
  const db = await getDb();
  const rows = await db.query("SELECT 1 FROM prediction_index WHERE images @> jsonb_build_array($1::text) LIMIT 1", [
    key,
  ]);
  return rows.length > 0;
}
