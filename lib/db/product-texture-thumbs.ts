import "server-only";
import { getDb } from "./client";

// A small WebP of each texture a product was created from, per slot (migration 130): the
// service keeps the files but gives none back, and the product page shows what the LoRA learns from.

export async function saveTextureThumb(productId: string, slotKey: string, webp: Buffer): Promise<void> {
  const db = await getDb();
  await db.query(
    `INSERT INTO product_texture_thumbs (product_id, slot_key, webp) VALUES ($1, $2, $3)
     ON CONFLICT (product_id, slot_key) DO UPDATE SET webp = EXCLUDED.webp`,
    [productId, slotKey, webp],
  );
}

export async function readTextureThumb(productId: string, slotKey: string): Promise<Buffer | null> {
  const db = await getDb();
  const [row] = await db.query<{ webp: Uint8Array }>(
    "SELECT webp FROM product_texture_thumbs WHERE product_id = $1 AND slot_key = $2",
    [productId, slotKey],
  );
  return row ? Buffer.from(row.webp) : null;
}

/** The slots of a product that have a thumbnail. */
export async function textureThumbKeys(productId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.query<{ slot_key: string }>(
    "SELECT slot_key FROM product_texture_thumbs WHERE product_id = $1",
    [productId],
  );
  return rows.map((r) => r.slot_key);
}
