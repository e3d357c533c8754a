import "server-only";
import { getDb } from "./client";

// The app's own small preview of a product's first texture (for templates without a preview).

export async function savePreview(productId: string, webp: Buffer): Promise<void> {
  const db = await getDb();
  await db.query(
    `INSERT INTO product_previews (product_id, webp) VALUES ($1, $2)
     ON CONFLICT (product_id) DO UPDATE SET webp = EXCLUDED.webp`,
    [productId, webp],
  );
}

export async function readPreview(productId: string): Promise<Buffer | null> {
  const db = await getDb();
  const [row] = await db.query<{ webp: Uint8Array }>("SELECT webp FROM product_previews WHERE product_id = $1", [
    productId,
  ]);
  return row ? Buffer.from(row.webp) : null;
}
