import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/cursor";
import { AppError } from "@/lib/errors";
import type { GallerySort } from "@/lib/schemas/gallery-params";
import type { PredictionView } from "@/lib/types";

// The gallery's page shape and its cursor. The cursor is a keyset, not an offset: base64url of
// the last item's (time, id) and the sort. The next page starts right after that key, so new
// predictions arriving between two pages (or a reconcile of the index) neither repeat nor skip
// what was not yet shown.

export interface GalleryPage {
  items: PredictionView[];
  next_cursor: string | null;
  total: number;
  /** The images of the whole view (a shot holds 1 to 4): the gallery's unit; first page only. */
  images?: number;
}

const cursorKey = z.object({ s: z.enum(["newest", "oldest"]), t: z.number().int().finite(), id: z.string() });
export type CursorKey = z.infer<typeof cursorKey>;

export function galleryCursor(key: { t: number; id: string }, sort: GallerySort): string {
  return encodeCursor({ s: sort, t: key.t, id: key.id } satisfies CursorKey);
}

export function readGalleryCursor(cursor: string, sort: GallerySort): CursorKey {
  const key = decodeCursor(cursor, cursorKey);
  if (key.s !== sort)
    throw new AppError("bad_request", "cursor belongs to another sort order; start again from the first page");
  return key;
}
