import "server-only";
import { log } from "@/lib/log";
import { shownImage } from "@/lib/service";
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
  /** First time the service answered lora_enabled 1; lists trust it and do not ask again. */
  loraReadyAt: string | null;
  /** Last time the service was asked about the LoRA (the shared back-off). */
  loraCheckedAt: string | null;
  /** When the service refused a prediction for want of a LoRA after the app had seen it ready. */
  loraLostAt: string | null;
  previewUrl: string | null;
  /** Archived products leave lists and pickers; their shots stay. */
  archivedAt: string | null;
  /** The product this one is a new version of (made from its kept textures and replacements). */
  previousVersionId: string | null;
}

export interface ProductRow {
  id: string;
  name: string;
  template_id: string;
  template_name: string | null;
  texture_keys: unknown;
  created_by: string | null;
  created_at: Date | string;
  lora_started_at: Date | string | null;
  lora_ready_at: Date | string | null;
  lora_checked_at: Date | string | null;
  lora_lost_at: Date | string | null;
  preview_url: string | null;
  archived_at: Date | string | null;
  previous_version_id: string | null;
}

export const PRODUCT_COLUMNS =
  "id, name, template_id, template_name, texture_keys, created_by, created_at, lora_started_at, lora_ready_at, lora_checked_at, lora_lost_at, preview_url, archived_at, previous_version_id";
const COLUMNS = PRODUCT_COLUMNS;

export function toRecord(row: ProductRow): ProductRecord {
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
    loraReadyAt: isoDateOrNull(row.lora_ready_at),
    loraCheckedAt: isoDateOrNull(row.lora_checked_at),
    loraLostAt: isoDateOrNull(row.lora_lost_at),
    previewUrl: row.preview_url === null ? null : shownImage(row.preview_url),
    archivedAt: isoDateOrNull(row.archived_at),
    previousVersionId: row.previous_version_id ?? null,
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
    `UPDATE products SET lora_started_at = COALESCE(lora_started_at, $2::timestamptz), lora_lost_at = NULL
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, isoDate(at)],
  );
  return row ? toRecord(row) : null;
}

/** The service answered lora_enabled 1: kept with the first time seen, so lists stop asking. */
export async function markLoraReady(id: string, at: string | Date = new Date()): Promise<void> {
  const db = await getDb();
  await db.query(
    `UPDATE products SET lora_ready_at = COALESCE(lora_ready_at, $2::timestamptz), lora_checked_at = $2::timestamptz,
       lora_lost_at = NULL
     WHERE id = $1`,
    [id, isoDate(at)],
  );
}

/**
 * The service refused a prediction for want of a LoRA: the product is not ready after all, and
 * no training of it is under way. The time is kept so the product's views can say what happened.
 */
export async function markLoraLost(id: string, at: string | Date = new Date()): Promise<void> {
  const db = await getDb();
  await db.query(
    `UPDATE products SET lora_ready_at = NULL, lora_started_at = NULL, lora_checked_at = NULL, lora_lost_at = $2::timestamptz
     WHERE id = $1`,
    [id, isoDate(at)],
  );
}

/**
 * Claims the next check of a training product: true for the one caller (of every instance) that
 * moved lora_checked_at on from the value it read, false when another got there first.
 */
export async function claimLoraCheck(
  id: string,
  seen: string | null,
  at: string | Date = new Date(),
): Promise<boolean> {
  const db = await getDb();
  const rows = await db.query<{ id: string }>(
    `UPDATE products SET lora_checked_at = $3::timestamptz
     WHERE id = $1 AND lora_ready_at IS NULL AND lora_checked_at IS NOT DISTINCT FROM $2::timestamptz
     RETURNING id`,
    [id, seen, isoDate(at)],
  );
  return rows.length === 1;
}

/** How many predictions this app made of the product. */
export async function shotCount(id: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM predictions WHERE product_id = $1", [id]);
  return Number(row?.n ?? 0);
}

/** A new name, kept in the registry (the service has no product update). Null when not recorded. */
export async function renameProductRecord(
  id: string,
  name: string,
  at: string | Date = new Date(),
): Promise<ProductRecord | null> {
  const db = await getDb();
  const [row] = await db.query<ProductRow>(
    `UPDATE products SET name = $2, renamed_at = $3::timestamptz WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, name, isoDate(at)],
  );
  return row ? toRecord(row) : null;
}

/** Archives (keeping the first time) or brings back a product. Null when not recorded. */
export async function setProductArchived(
  id: string,
  archived: boolean,
  at: string | Date = new Date(),
): Promise<ProductRecord | null> {
  const db = await getDb();
  const [row] = await db.query<ProductRow>(
    `UPDATE products SET archived_at = CASE WHEN $2 THEN COALESCE(archived_at, $3::timestamptz) ELSE NULL END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, archived, isoDate(at)],
  );
  return row ? toRecord(row) : null;
}

export interface VersionLink {
  id: string;
  name: string;
}

/** The products made as new versions of this one, oldest first. */
export async function nextVersions(id: string): Promise<VersionLink[]> {
  const db = await getDb();
  return db.query<VersionLink>("SELECT id, name FROM products WHERE previous_version_id = $1 ORDER BY created_at, id", [
    id,
  ]);
}
