import type { GalleryQuery } from "./gallery-query";

// The gallery's view keys, choices and limits, without zod: hooks and components on every page
// need these (query keys, URLs, search boxes), and importing the schema would put zod into every
// page's first scripts. The schema in gallery-query.ts builds on these.

export const GALLERY_SORTS = ["newest", "oldest"] as const;
export const REVIEW_FILTERS = ["unreviewed", "approved", "rejected", "starred"] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const DEFAULT_PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;
/** Prompt search words: the gallery's search box allows no more. */
export const MAX_SEARCH_LENGTH = 200;

/** The query keys the gallery's schema owns; any other key in a URL is left alone. */
export const GALLERY_QUERY_KEYS = [
  "limit",
  "cursor",
  "product_id",
  "campaign_id",
  "from",
  "to",
  "aspect_ratio",
  "q",
  "sort",
  "review",
] as const;

export type GalleryFilters = Omit<GalleryQuery, "limit" | "cursor">;

/** A gallery URL as read: its filters, or the whole gallery and why the URL could not be read. */
export interface GalleryView {
  filters: GalleryFilters;
  invalid: string | null;
}

/** The search params of a view, leaving out defaults and empty values (for URLs and fetches). */
export function gallerySearchParams(query: Partial<GalleryQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of GALLERY_QUERY_KEYS) {
    const value = query[key];
    if (value === undefined || value === "" || (key === "sort" && value === "newest")) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}
