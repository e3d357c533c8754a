import type { ProductQuery } from "./product-query";

// The product list's view keys, choices and page size, without zod: the product hooks are on
// most pages (dashboard, pickers), and the schema in product-query.ts would bring zod along.

export const PRODUCT_SORTS = ["newest", "oldest", "name"] as const;
export const LORA_FILTERS = ["ready", "training", "not_started"] as const;
/** Archived products are left out unless asked for: "only" the archived ones, or "include" them. */
export const ARCHIVE_FILTERS = ["only", "include"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type LoraFilter = (typeof LORA_FILTERS)[number];
export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];

export const DEFAULT_PRODUCT_PAGE_SIZE = 48;

export const PRODUCT_QUERY_KEYS = ["limit", "cursor", "q", "template_id", "lora", "archived", "sort"] as const;

export type ProductFilters = Omit<ProductQuery, "limit" | "cursor">;

/** A Products page URL as read: its search, its filters (every product when it could not be read, and why). */
export interface ProductListView {
  search: string;
  filters: ProductFilters;
  invalid: string | null;
}

/** The search params of a view, leaving out defaults and empty values (for URLs and fetches). */
export function productSearchParams(query: Partial<ProductQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PRODUCT_QUERY_KEYS) {
    const value = query[key];
    if (value === undefined || value === "" || (key === "sort" && value === "newest")) continue;
    params.set(key, String(value));
  }
  return params;
}
