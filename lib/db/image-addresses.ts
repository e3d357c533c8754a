import "server-only";
import { keptImage } from "@/lib/service";
import type { Db } from "./client";

// Rows written before images were kept by asset key hold each image's absolute address on the
// origin it was first served from (http://127.0.0.1:4011/images/a.png): once the asset origin
// moves, every such image breaks. Run at every start-up (a migration could not know today's
// PVS_ASSET_URL, and an instance of an earlier version may still write absolute addresses during
// a rolling update), this rewrites each address whose path lies under today's asset path to its
// key. It is idempotent and cheap once done: the scan finds no "://" left. An address on another
// path stays as it is; the next read of the service's list rewrites its row (its key differs).

const BATCH = 500;

export interface MendedImages {
  /** Gallery index rows rewritten. */
  predictions: number;
  /** Products whose kept template preview was rewritten. */
  products: number;
  /** Addresses left absolute: their path is not under today's asset path. */
  left: number;
}

/** Rewrites absolute image addresses in the gallery's index and the products' previews to asset keys. */
export async function mendImageAddresses(db: Db): Promise<MendedImages> {
  const result: MendedImages = { predictions: 0, products: 0, left: 0 };
  let after = "";
  for (;;) {
    const rows = await db.query<{ id: string; images: string[] }>(
      `SELECT id, images FROM prediction_index WHERE id > $1 AND images::text LIKE '%://%' ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const changed = [];
    for (const row of rows) {
      const images = row.images.map(keptImage);
      result.left += images.filter((image) => image.includes("://")).length;
      if (images.some((image, i) => image !== row.images[i])) changed.push({ id: row.id, before: row.images, images });
    }
    if (changed.length === 0) continue;
    // Only a row still as it was read: a reconcile writing it meanwhile wins. updated_at stays,
    // since it tells when a shot's images arrived (lib/db/generation-times.ts).
    const updated = await db.query(
      `UPDATE prediction_index AS t SET images = x.images
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, before jsonb, images jsonb)
       WHERE t.id = x.id AND t.images = x.before
       RETURNING t.id`,
      [JSON.stringify(changed)],
    );
    result.predictions += updated.length;
  }
  const products = await db.query<{ id: string; preview_url: string }>(
    "SELECT id, preview_url FROM products WHERE preview_url LIKE '%://%'",
  );
  for (const product of products) {
    const kept = keptImage(product.preview_url);
    if (kept === product.preview_url) {
      result.left += 1;
      continue;
    }
    const updated = await db.query(
      "UPDATE products SET preview_url = $2 WHERE id = $1 AND preview_url = $3 RETURNING id",
      [product.id, kept, product.preview_url],
    );
    result.products += updated.length;
  }
  return result;
}
