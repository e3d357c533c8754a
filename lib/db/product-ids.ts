import "server-only";
import type { ProductFilters } from "@/lib/schemas/product-params";
import { getDb } from "./client";
import { PRODUCT_ORDER, productFilterSql } from "./product-page";

// The products a filter of the Products page matches, as ids only ("Select all matching this
// filter" hands them to a campaign), and the few facts the campaign form shows of chosen ids.
// The filter's SQL is the list's own (product-page.ts), so both always agree on what matches.

export interface ProductIdRecords {
  /** In the list's order of the filter's sort, at most `cap`. */
  ids: string[];
  /** Every product the filter matches. */
  total: number;
}

export async function queryProductIds(filters: ProductFilters, cap: number): Promise<ProductIdRecords> {
  const params: unknown[] = [];
  const where = productFilterSql(filters, params);
  const db = await getDb();
  const [count, rows] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products WHERE ${where}`, params),
    db.query<{ id: string }>(
      `SELECT id FROM products WHERE ${where} ORDER BY ${PRODUCT_ORDER[filters.sort]} LIMIT $${params.length + 1}`,
      [...params, cap],
    ),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count[0]?.total ?? 0) };
}

export interface ProductChoiceRecord {
  id: string;
  name: string;
  templateId: string;
  loraReady: boolean;
}

/** The registry's record of each id it knows, in the order asked (unknown ids are left out). */
export async function queryProductChoices(ids: readonly string[]): Promise<ProductChoiceRecord[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.query<{ id: string; name: string; template_id: string; ready: boolean }>(
    "SELECT id, name, template_id, (lora_ready_at IS NOT NULL) AS ready FROM products WHERE id = ANY($1::text[])",
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, name: row.name, templateId: row.template_id, loraReady: Boolean(row.ready) }] : [];
  });
}
