import { z } from "zod";
import { ASPECT_RATIOS, isAspectRatio, type AspectRatio } from "@/lib/types";
import {
  GALLERY_QUERY_KEYS,
  GALLERY_SORTS,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  REVIEW_FILTERS,
  type GalleryFilters,
  type GalleryView,
} from "./gallery-params";
import { emptyToUndefined, pageLimit } from "./query-params";

// The gallery's view state: GET /api/predictions?… validates it here, and the gallery page keeps
// the same keys in its URL so a view can be bookmarked and shared. Client-safe (no server imports),
// but zod: the browser imports it only to read a gallery URL (gallery-params.ts has the rest).

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (a whole UTC day) or a full ISO 8601 time; "" counts as absent. */
const isoDate = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === "" || ((DATE_ONLY.test(value) || value.includes("T")) && !Number.isNaN(Date.parse(value))),
      {
        message: `${name} must be a date such as 2025-03-01 (or a full ISO 8601 time)`,
      },
    )
    .transform((value) => (value === "" ? undefined : value))
    .optional();

const ratioList = z
  .string()
  .trim()
  .transform((value, ctx): AspectRatio[] | undefined => {
    if (value === "") return undefined;
    const parts = [
      ...new Set(
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ];
    const bad = parts.find((part) => !isAspectRatio(part));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `aspect_ratio must be one or more of: ${ASPECT_RATIOS.join(", ")} (comma-separated)`,
      });
      return z.NEVER;
    }
    return parts as AspectRatio[];
  })
  .optional();

export const galleryQuerySchema = z
  .object({
    limit: z.preprocess(emptyToUndefined, pageLimit(MAX_PAGE_SIZE).optional()),
    /** Opaque; the server checks it (a cursor from another list or a mangled one is a 400). */
    cursor: z.preprocess(emptyToUndefined, z.string().max(200, "cursor is not valid").optional()),
    product_id: z.preprocess(emptyToUndefined, z.string().trim().max(200, "product_id is too long").optional()),
    /** Only the shots of one campaign (or batch). */
    campaign_id: z.preprocess(emptyToUndefined, z.string().trim().max(200, "campaign_id is too long").optional()),
    from: isoDate("from"),
    to: isoDate("to"),
    aspect_ratio: ratioList,
    /** Every word must appear in the prompt, in any case and order. */
    q: z.preprocess(
      emptyToUndefined,
      z.string().trim().max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
    ),
    sort: z.preprocess(
      emptyToUndefined,
      z.enum(GALLERY_SORTS, { message: "sort must be newest or oldest" }).default("newest"),
    ),
    review: z.preprocess(
      emptyToUndefined,
      z.enum(REVIEW_FILTERS, { message: `review must be one of: ${REVIEW_FILTERS.join(", ")}` }).optional(),
    ),
  })
  .refine((query) => !query.from || !query.to || rangeStart(query.from) <= rangeEnd(query.to), {
    message: "from must not be after to",
  });

export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

/** Start of `from` in ms: a date-only value is the start of that UTC day. */
export function rangeStart(value: string): number {
  return Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
}

/** End of `to` in ms, inclusive: a date-only value covers that whole UTC day. */
export function rangeEnd(value: string): number {
  return DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00Z`) + 86_400_000 - 1 : Date.parse(value);
}

/** Parses URL search params (repeated keys: the first wins; unknown keys are ignored). */
export function parseGalleryQuery(params: URLSearchParams): GalleryQuery {
  const raw: Record<string, string> = {};
  for (const key of GALLERY_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return galleryQuerySchema.parse(raw);
}

const DEFAULT_FILTERS: GalleryFilters = { sort: "newest" };

/**
 * The gallery page's view from its URL's query string (the page keeps the API's keys in its URL).
 * A URL that does not parse shows the whole gallery instead, with the reason.
 */
export function galleryFiltersFromSearch(search: string): GalleryView {
  const raw: Record<string, string> = {};
  const parsed = new URLSearchParams(search);
  for (const key of GALLERY_QUERY_KEYS) {
    const value = parsed.get(key);
    if (value !== null && key !== "cursor" && key !== "limit") raw[key] = value;
  }
  const result = galleryQuerySchema.safeParse(raw);
  return result.success
    ? { filters: result.data as GalleryFilters, invalid: null }
    : { filters: DEFAULT_FILTERS, invalid: result.error.issues[0]?.message ?? "This link's filters are not valid." };
}
