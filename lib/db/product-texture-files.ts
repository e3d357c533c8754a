import "server-only";
import { getDb } from "./client";

// Which texture files a product was created from are kept in DATA_DIR/textures (migration 160):
// a row per slot names its file, so a new version can send the slots it does not replace.

export interface TextureFileRecord {
  productId: string;
  slotKey: string;
  filename: string;
  contentType: string;
  size: number;
  /** Relative to the kept-textures folder. */
  fileName: string;
}

export async function saveTextureFileRecord(r: TextureFileRecord): Promise<void> {
  const db = await getDb();
  await db.query(
    `INSERT INTO product_texture_files (product_id, slot_key, filename, content_type, size, file_name)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (product_id, slot_key) DO UPDATE SET filename = EXCLUDED.filename, content_type = EXCLUDED.content_type,
       size = EXCLUDED.size, file_name = EXCLUDED.file_name`,
    [r.productId, r.slotKey, r.filename, r.contentType, r.size, r.fileName],
  );
}

export async function textureFileRecords(productId: string): Promise<TextureFileRecord[]> {
  const db = await getDb();
  const rows = await db.query<{
    slot_key: string;
    filename: string;
    content_type: string;
    size: number | string;
    file_name: string;
  }>(
    "SELECT slot_key, filename, content_type, size, file_name FROM product_texture_files WHERE product_id = $1 ORDER BY created_at, slot_key",
    [productId],
  );
  return rows.map((row) => ({
    productId,
    slotKey: row.slot_key,
    filename: row.filename,
    contentType: row.content_type,
    size: Number(row.size),
    fileName: row.file_name,
  }));
}
