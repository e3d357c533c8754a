import "server-only";
import type { CampaignProductChoice, ProductIdsAnswer } from "@/lib/api-types";
import { queryProductChoices, queryProductIds } from "@/lib/db/product-ids";
import { reconcileJournal } from "@/lib/db/reconcile";
import { log } from "@/lib/log";
import { MAX_CAMPAIGN_PRODUCTS } from "@/lib/schemas/limits";
import type { ProductFilters } from "@/lib/schemas/product-params";
import { productName } from "@/lib/words/product-name";

// "Select all matching this filter": the ids of every product the Products page's filter
// matches, not only the page loaded, up to what one campaign can hold.

export async function listProductIds(filters: ProductFilters, cap = MAX_CAMPAIGN_PRODUCTS): Promise<ProductIdsAnswer> {
  // A product waiting in the journal (the database was briefly away) belongs in the answer.
  await reconcileJournal().catch((error) => log.error({ err: error }, "registry reconcile failed"));
  const { ids, total } = await queryProductIds(filters, cap);
  const capped = total > ids.length;
  return {
    ids,
    total,
    capped,
    message: capped
      ? `${total.toLocaleString("en")} products match; a campaign can hold at most ${cap.toLocaleString("en")}, so the first ${ids.length.toLocaleString("en")} in the list's order were chosen. Narrow the filter, or make a second campaign for the rest.`
      : null,
  };
}

/** The products the Products page chose (`?product_ids=`), as far as the registry knows them. */
export async function campaignProductChoices(ids: readonly string[]): Promise<CampaignProductChoice[]> {
  const unique = [...new Set(ids)].slice(0, MAX_CAMPAIGN_PRODUCTS);
  const records = await queryProductChoices(unique);
  const known = new Map(records.map((r) => [r.id, r]));
  // An id the registry does not know (made outside this app) is still the person's choice.
  return unique.map((id) => {
    const record = known.get(id);
    return {
      id,
      name: productName(record?.name),
      template_id: record?.templateId ?? null,
      ready: record?.loraReady ?? false,
    };
  });
}
