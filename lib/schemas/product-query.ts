import { z } from "zod";
import { MAX_PAGE_SIZE } from "./gallery-params";
import {
  ARCHIVE_FILTERS,
  LORA_FILTERS,
  PRODUCT_QUERY_KEYS,
  PRODUCT_SORTS,
  type ProductFilters,
  type ProductListView,
} from "./product-params";
import { emptyToUndefined, pageLimit } from "./query-params";

// The product list's view state: GET /api/products?… validates it here, and the Products page
// keeps the same keys in its URL. Client-safe (no server imports), but zod: the browser imports it
// only to read a Products page URL (product-params.ts has the rest).

export const productQuerySchema = z.object({
  limit: z.preprocess(emptyToUndefined, pageLimit(MAX_PAGE_SIZE).optional()),
  /** Opaque; the server checks it (a cursor of another sort or a mangled one is a 400). */
  cursor: z.preprocess(
    emptyToUndefined,
    z.string().max(400, "cursor is not valid; start again from the first page").optional(),
  ),
  /** Every word must appear in the product's name, in any case and order. */
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200, "q must be at most 200 characters").optional()),
  template_id: z.preprocess(emptyToUndefined, z.string().trim().max(200, "template_id is too long").optional()),
  lora: z.preprocess(
    emptyToUndefined,
    z.enum(LORA_FILTERS, { message: `lora must be one of: ${LORA_FILTERS.join(", ")}` }).optional(),
  ),
  archived: z.preprocess(
    emptyToUndefined,
    z.enum(ARCHIVE_FILTERS, { message: `archived must be one of: ${ARCHIVE_FILTERS.join(", ")}` }).optional(),
  ),
  sort: z.preprocess(
    emptyToUndefined,
    z.enum(PRODUCT_SORTS, { message: `sort must be one of: ${PRODUCT_SORTS.join(", ")}` }).default("newest"),
  ),
});

export type ProductQuery = z.infer<typeof productQuerySchema>;

/** Parses URL search params (repeated keys: the first wins; unknown keys are ignored). */
export function parseProductQuery(params: URLSearchParams): ProductQuery {
  const raw: Record<string, string> = {};
  for (const key of PRODUCT_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return productQuerySchema.parse(raw);
}

/** The Products page's view from its URL's search params (page size and cursor belong to the pages). */
export function productListViewFrom(search: URLSearchParams): ProductListView {
  const raw: Record<string, string> = {};
  for (const key of PRODUCT_QUERY_KEYS) {
    const value = search.get(key);
    if (value !== null && key !== "cursor" && key !== "limit") raw[key] = value;
  }
  const result = productQuerySchema.safeParse(raw);
  const filters: ProductFilters = result.success ? result.data : { sort: "newest" };
  const invalid = result.success ? null : (result.error.issues[0]?.message ?? "This link's filters are not valid.");
  return { search: search.toString(), filters, invalid };
}
