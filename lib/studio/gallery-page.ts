import { AppError } from "@/lib/errors";
import type { GallerySort } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";

// The gallery's page shape and its cursor. The cursor is a keyset, not an offset: base64url of
// the last item's (time, id) and the sort. The next page starts right after that key, so new
// predictions arriving between two pages (or a reconcile of the index) neither repeat nor skip
// what was not yet shown.

export interface GalleryPage {
  items: PredictionView[];
  next_cursor: string | null;
  total: number;
}

export interface CursorKey {
  s: GallerySort;
  t: number;
  id: string;
}

export function encodeCursor(key: { t: number; id: string }, sort: GallerySort): string {
  const value: CursorKey = { s: sort, t: key.t, id: key.id };
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

export function decodeCursor(cursor: string, sort: GallerySort): CursorKey {
  const invalid = () => new AppError("bad_request", "cursor is not valid; start again from the first page");
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const k = key as Partial<CursorKey> | null;
  if (!k || typeof k !== "object" || typeof k.t !== "number" || !Number.isSafeInteger(k.t) || typeof k.id !== "string") throw invalid();
  if (k.s !== sort) throw new AppError("bad_request", "cursor belongs to another sort order; start again from the first page");
  return { s: sort, t: k.t, id: k.id };
}
