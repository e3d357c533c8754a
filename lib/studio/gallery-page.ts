import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/cursor";
import { AppError } from "@/lib/errors";
import { parseServiceDate } from "@/lib/format";
import { rangeEnd, rangeStart, type GalleryQuery, type GallerySort } from "@/lib/schemas/gallery-query";
import type { AspectRatio, PredictionView } from "@/lib/types";

// Pure paging and filtering of the prediction index (no I/O, unit-tested beside). What a filter
// needs is computed once per index build, so one filtered page over 10,000 entries is one
// linear scan of plain fields.

export interface IndexedPrediction {
  view: PredictionView;
  /** The prediction's time in ms: the app's creation time, else date_modification read as UTC. */
  time: number;
  /** The prompt in lower case, for `q`. */
  prompt: string;
}

export interface GalleryPage {
  items: PredictionView[];
  next_cursor: string | null;
  total: number;
}

export function indexEntry(view: PredictionView): IndexedPrediction {
  const created = view.created_at ? Date.parse(view.created_at) : Number.NaN;
  const time = Number.isNaN(created) ? (parseServiceDate(view.date_modification)?.getTime() ?? 0) : created;
  return { view, time, prompt: view.prompt.toLowerCase() };
}

/** Newest first, ties broken by id so the order (and so every cursor) is total and stable. */
export function newestFirst(a: IndexedPrediction, b: IndexedPrediction): number {
  if (a.time !== b.time) return b.time - a.time;
  return a.view.id < b.view.id ? 1 : a.view.id > b.view.id ? -1 : 0;
}

interface Filter {
  productId?: string;
  from?: number;
  to?: number;
  ratios?: ReadonlySet<AspectRatio>;
  words: string[];
}

function compileFilter(query: GalleryQuery): Filter {
  return {
    productId: query.product_id,
    from: query.from ? rangeStart(query.from) : undefined,
    to: query.to ? rangeEnd(query.to) : undefined,
    // A prediction whose ratio is unknown (made elsewhere; list items lack it) matches no ratio.
    ratios: query.aspect_ratio?.length ? new Set(query.aspect_ratio) : undefined,
    words: (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean),
  };
}

function matches(entry: IndexedPrediction, f: Filter): boolean {
  if (f.productId !== undefined && entry.view.product_id !== f.productId) return false;
  if (f.from !== undefined && entry.time < f.from) return false;
  if (f.to !== undefined && entry.time > f.to) return false;
  if (f.ratios && (entry.view.aspect_ratio === null || !f.ratios.has(entry.view.aspect_ratio))) return false;
  for (const word of f.words) if (!entry.prompt.includes(word)) return false;
  return true;
}

/**
 * The entries that pass the query's filters (all but `review`, which needs the registry), in the
 * query's sort order. `entries` must be sorted newest first.
 */
export function filterEntries(entries: readonly IndexedPrediction[], query: GalleryQuery): IndexedPrediction[] {
  const filter = compileFilter(query);
  const out: IndexedPrediction[] = [];
  if (query.sort === "oldest") {
    for (let i = entries.length - 1; i >= 0; i--) if (matches(entries[i], filter)) out.push(entries[i]);
  } else {
    for (const entry of entries) if (matches(entry, filter)) out.push(entry);
  }
  return out;
}

// The cursor is the last item's (time, id) and the sort. The next page starts right after that
// key, so a refresh of the list between two pages (new predictions on top, a prediction gone)
// neither repeats nor skips what was not yet shown.
const cursorKey = z.object({ s: z.enum(["newest", "oldest"]), t: z.number().finite(), id: z.string() });
type CursorKey = z.infer<typeof cursorKey>;

export function galleryCursor(entry: IndexedPrediction, sort: GallerySort): string {
  return encodeCursor({ s: sort, t: entry.time, id: entry.view.id } satisfies CursorKey);
}

export function readGalleryCursor(cursor: string, sort: GallerySort): CursorKey {
  const key = decodeCursor(cursor, cursorKey);
  if (key.s !== sort) throw new AppError("bad_request", "cursor belongs to another sort order; start again from the first page");
  return key;
}

/** True when `entry` comes after `key` in `sort` order. */
function isAfter(entry: IndexedPrediction, key: CursorKey, sort: GallerySort): boolean {
  const cmp = entry.time !== key.t ? entry.time - key.t : entry.view.id < key.id ? -1 : entry.view.id > key.id ? 1 : 0;
  return sort === "newest" ? cmp < 0 : cmp > 0;
}

/** One page of `ordered` (already filtered and in `sort` order) after `cursor`. */
export function pageOf(
  ordered: readonly IndexedPrediction[],
  options: { sort: GallerySort; limit: number; cursor?: string },
): GalleryPage {
  let start = 0;
  if (options.cursor) {
    const key = readGalleryCursor(options.cursor, options.sort);
    // Binary search: `ordered` is sorted, so "after the key" is a suffix of it.
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isAfter(ordered[mid], key, options.sort)) hi = mid;
      else lo = mid + 1;
    }
    start = lo;
  }
  const slice = ordered.slice(start, start + options.limit);
  const more = start + options.limit < ordered.length;
  return {
    items: slice.map((entry) => entry.view),
    next_cursor: more && slice.length > 0 ? galleryCursor(slice[slice.length - 1], options.sort) : null,
    total: ordered.length,
  };
}
