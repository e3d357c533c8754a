import "server-only";
import { log } from "@/lib/log";
import { getDb } from "./client";
import { isoDate, isoDateOrNull } from "./dates";
import { reconcileJournal } from "./reconcile";
import { recordDurably, type RecordOutcome } from "./record-durably";
import type { ProductInput } from "./registry-writes";

// The registry of products this app created on the service: who made each, from which
// template, and when its LoRA training was first started.

export type { ProductInput };

export interface ProductRecord {
  id: string;
  name: string;
  templateId: string;
  templateName: string | null;
  textureKeys: string[];
  createdBy: string | null;
  createdAt: string;
  loraStartedAt: string | null;
}

interface ProductRow {
  id: string;
  name: string;
  template_id: string;
  template_name: string | null;
  texture_keys: unknown;
  created_by: string | null;
  created_at: Date | string;
  lora_started_at: Date | string | null;
}

const COLUMNS =
  "id, name, template_id, template_name, texture_keys, created_by, created_at, lora_started_at";

function toRecord(row: ProductRow): ProductRecord {
  const keys = typeof row.texture_keys === "string" ? JSON.parse(row.texture_keys) : row.texture_keys;
  return {
    id: row.id,
    name: row.name,
    templateId: row.template_id,
    templateName: row.template_name,
    textureKeys: Array.isArray(keys) ? keys.map(String) : [],
    createdBy: row.created_by,
    createdAt: isoDate(row.created_at),
    loraStartedAt: isoDateOrNull(row.lora_started_at),
  };
}

/** Call once the service has created the product. Retries, then journals; never loses it. */
export function recordProduct(p: ProductInput): Promise<RecordOutcome> {
  return recordDurably({ kind: "product", record: { ...p, createdAt: p.createdAt ?? new Date().toISOString() } });
}

/** Newest first. Replays the journal first so nothing waiting there is missing. */
export async function listProducts(): Promise<ProductRecord[]> {
  await reconcileJournal().catch((error) => log.error({ err: error }, "registry journal reconcile failed"));
  const db = await getDb();
  const rows = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products ORDER BY created_at DESC, id`);
  return rows.map(toRecord);
}

export async function getProductRecord(id: string): Promise<ProductRecord | null> {
  const db = await getDb();
  const [row] = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE id = $1`, [id]);
  return row ? toRecord(row) : null;
}

/**
 * Notes that LoRA training was started, keeping the first start time so a reload or restart
 * resumes the same training view. Null when the product is not recorded.
 */
export async function markLoraStarted(id: string, at: string | Date = new Date()): Promise<ProductRecord | null> {
  const db = await getDb();
  const [row] = await db.query<ProductRow>(
    `UPDATE products SET lora_started_at = COALESCE(lora_started_at, $2::timestamptz)
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, isoDate(at)],
  );
  return row ? toRecord(row) : null;
}
