// The new-campaign page's address, without zod: the Products page links to it with the products a
// person chose, and the page reads them back. One rule for both ends.

/** Products chosen one by one travel as ids; beyond this many the address grows too long. */
export const MAX_LINKED_PRODUCT_IDS = 200;

export type CampaignProductsLink =
  /** Products chosen one by one. */
  | { productIds: readonly string[] }
  /** Every product the Products page's filter matches: its query string, the form asks for the ids. */
  | { filter: string };

export function newCampaignHref(link: CampaignProductsLink): string {
  const params = new URLSearchParams();
  if ("filter" in link) params.set("products_filter", link.filter);
  else params.set("product_ids", link.productIds.join(","));
  return `/campaigns/new?${params}`;
}

/** What the address asks for; ids are trimmed, deduplicated and capped, an empty filter is every product. */
export function readCampaignProductsLink(search: URLSearchParams): { productIds: string[]; filter: string | null } {
  const ids = (search.get("product_ids") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const filter = search.get("products_filter");
  return { productIds: [...new Set(ids)].slice(0, MAX_LINKED_PRODUCT_IDS), filter };
}
