import "server-only";
import type { TextureReport } from "@/lib/textures/types";
import { getDb } from "./client";

// The texture advisor's report on each product's files, kept from its creation.

export async function saveTextureAdvice(productId: string, report: TextureReport): Promise<void> {
  const db = await getDb();
  await db.query(
    `INSERT INTO product_texture_advice (product_id, report) VALUES ($1, $2::jsonb)
     ON CONFLICT (product_id) DO UPDATE SET report = EXCLUDED.report`,
    [productId, JSON.stringify(report)],
  );
}

export async function getTextureAdvice(productId: string): Promise<TextureReport | null> {
  const db = await getDb();
  const [row] = await db.query<{ report: TextureReport | string }>(
    "SELECT report FROM product_texture_advice WHERE product_id = $1",
    [productId],
  );
  if (!row) return null;
  return typeof row.report === "string" ? (JSON.parse(row.report) as TextureReport) : row.report;
}
