import "server-only";
import { mapLimit } from "@/lib/concurrency";
import { queryProductPage, type ProductPageRecord } from "@/lib/db/product-page";
import { claimLoraCheck, getProductRecord, markLoraReady } from "@/lib/db/products";
import { reconcileJournal } from "@/lib/db/reconcile";
import { isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { elapsedSince, loraPollInterval } from "@/lib/lora/estimate";
import { DEFAULT_PRODUCT_PAGE_SIZE } from "@/lib/schemas/product-params";
import type { ProductQuery } from "@/lib/schemas/product-query";
import { getProduct } from "@/lib/service";
import type { ProductPage } from "@/lib/types";
import { productView } from "./product-view";

// GET /api/products: one page from the registry, in one query. The service is asked only about
// the products of that page whose training is under way, each no more often than the LoRA
// progress page would ask (the back-off is shared by every viewer and instance through
// lora_checked_at) and never past the give-up time.

const LIVE_CONCURRENCY = 4;

/** True when the record's training is under way and due for a check of the service at `now`. */
export function loraCheckDue(record: ProductPageRecord, now: number): boolean {
  if (record.loraReadyAt || !record.loraStartedAt) return false;
  const interval = loraPollInterval(elapsedSince(record.loraStartedAt, now));
  if (interval === null) return false;
  return !record.loraCheckedAt || now - Date.parse(record.loraCheckedAt) >= interval;
}

async function refreshLora(record: ProductPageRecord, now: number): Promise<ProductPageRecord> {
  if (!loraCheckDue(record, now)) return record;
  // Another viewer (or instance) may be asking right now: only the one that claims it asks.
  if (!(await claimLoraCheck(record.id, record.loraCheckedAt, new Date(now)))) return record;
  try {
    const live = await getProduct(record.id);
    if (live.lora_enabled !== 1) return record;
    await markLoraReady(record.id, new Date(now));
    const updated = await getProductRecord(record.id);
    return updated ? { ...updated, shots: record.shots, images: record.images } : record;
  } catch (error) {
    // One product the service cannot show right now must not hide the page.
    if (!isAppError(error)) throw error;
    log.warn({ productId: record.id, status: error.status }, "product LoRA check failed");
    return record;
  }
}

export async function listProductPage(query: ProductQuery, now = Date.now()): Promise<ProductPage> {
  // A product waiting in the journal (the database was briefly away) belongs in the list.
  await reconcileJournal().catch((error) => log.error({ err: error }, "registry reconcile failed"));
  const page = await queryProductPage(query, query.limit ?? DEFAULT_PRODUCT_PAGE_SIZE);
  const records = await mapLimit(page.records, LIVE_CONCURRENCY, (record) => refreshLora(record, now));
  return {
    items: records.map((record) => ({ ...productView(record, record.shots), images: record.images })),
    next_cursor: page.next_cursor,
    total: page.total,
  };
}
