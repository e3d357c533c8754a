import "server-only";
import { AppError } from "@/lib/errors";
import { parseGalleryQuery } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import { listPredictionPage } from "./gallery";
import { activeShareByToken } from "./shares";

// What a share link shows: the gallery view it was made from (the gallery's own filter over the
// shared prediction index, never a fresh service call per visitor), finished images only. Image
// URLs are rewritten to the link's own image route, so the page reveals no asset address and an
// image outside the view cannot be fetched through the link.

export const MAX_SHARED_ITEMS = 500;
const ITEMS_TTL_MS = 10_000;

export interface SharedGallery {
  title: string | null;
  expires_at: string;
  items: PredictionView[];
  /** All matching finished predictions; `items` holds at most MAX_SHARED_ITEMS of them. */
  total: number;
}

// A page of thumbnails asks for each image: the view is worked out once per link per few seconds.
const recent = new Map<string, { at: number; items: Promise<PredictionView[]> }>();

function viewItems(shareId: string, filter: Record<string, string>): Promise<PredictionView[]> {
  const hit = recent.get(shareId);
  if (hit && Date.now() - hit.at < ITEMS_TTL_MS) return hit.items;
  const items = listPredictionPage({ ...parseGalleryQuery(new URLSearchParams(filter)), limit: Number.MAX_SAFE_INTEGER })
    .then((page) => page.items.filter((p) => p.images.length > 0));
  items.catch(() => recent.delete(shareId));
  if (recent.size > 200) recent.clear();
  recent.set(shareId, { at: Date.now(), items });
  return items;
}

export function sharedImagePath(token: string, predictionId: string, index: number): string {
  return `/api/share/${token}/image?p=${encodeURIComponent(predictionId)}&i=${index}`;
}

export async function sharedGallery(token: string): Promise<SharedGallery> {
  const share = await activeShareByToken(token);
  const all = await viewItems(share.id, share.filter);
  return {
    title: share.title,
    expires_at: share.expiresAt,
    items: all.slice(0, MAX_SHARED_ITEMS).map((p) => ({
      ...p,
      images: p.images.map((_, i) => sharedImagePath(token, p.id, i)),
    })),
    total: all.length,
  };
}

/** The asset URL of one image of the link's view; 404 for anything the link does not show. */
export async function sharedImageSource(token: string, predictionId: string, index: number): Promise<string> {
  const share = await activeShareByToken(token);
  const items = (await viewItems(share.id, share.filter)).slice(0, MAX_SHARED_ITEMS);
  const src = items.find((p) => p.id === predictionId)?.images[index];
  if (!src) throw new AppError("not_found", "This image is not part of the shared view.");
  return src;
}
