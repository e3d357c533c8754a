import "server-only";
import { LRUCache } from "lru-cache";
import { fixLegacyShareIds, type ShareRecord } from "@/lib/db/shares";
import { AppError } from "@/lib/errors";
import { sharedImagePath } from "@/lib/share-paths";
import type { PredictionView } from "@/lib/types";
import { predictionViewsByIds } from "./gallery";
import { finishedShotsOfView } from "./share-contents";
import { activeShareByToken } from "./shares";

// What a share link shows: the shots it was made with (their ids, kept with the link), read from
// the shared prediction index, never a fresh service call per visitor. Image URLs are rewritten
// to the link's own image route, so the page reveals no asset address and an image outside the
// link cannot be fetched through it.

export interface SharedGallery {
  title: string | null;
  expires_at: string;
  items: PredictionView[];
  /** How many shots the link shows (those since deleted at the service are left out). */
  total: number;
  /** Whether the visitor may approve or comment on the images under a typed name. */
  sign_off: boolean;
}

// A page of thumbnails asks for each image: the shots of one link are looked up once per few
// seconds. Keyed by the link's id and consulted only after its token was checked against the
// database on this very request, so a revoke, an expiry or a disabled maker is never outlived,
// and no entry can answer for another link. Bounded, so many links cannot grow it.
const recent = new LRUCache<string, Promise<PredictionView[]>>({ max: 200, ttl: 10_000 });

async function linkIds(share: ShareRecord): Promise<string[]> {
  if (share.predictionIds) return share.predictionIds;
  // A link from before links held ids (migration 20): fixed once to the shots its filter matched
  // among those made up to the link's creation, then it never changes again.
  const shots = await finishedShotsOfView(share.filter, new Date(share.createdAt));
  return fixLegacyShareIds(
    share.id,
    shots.map((p) => p.id),
  );
}

function linkItems(share: ShareRecord): Promise<PredictionView[]> {
  const hit = recent.get(share.id);
  if (hit) return hit;
  const items = linkIds(share).then(async (ids) => {
    const views = await predictionViewsByIds(ids);
    return ids.map((id) => views.get(id)).filter((p): p is PredictionView => !!p && p.images.length > 0);
  });
  items.catch(() => recent.delete(share.id));
  recent.set(share.id, items);
  return items;
}

export async function sharedGallery(token: string): Promise<SharedGallery> {
  const share = await activeShareByToken(token);
  const items = await linkItems(share);
  return {
    title: share.title,
    expires_at: share.expiresAt,
    items: items.map((p) => ({ ...p, images: p.images.map((_, i) => sharedImagePath(token, p.id, i)) })),
    total: items.length,
    sign_off: share.signOff,
  };
}

/** The shot behind one image of the link; one 404 for anything the link does not show. */
export async function sharedShot(share: ShareRecord, predictionId: string, index: number): Promise<PredictionView> {
  const shot = (await linkItems(share)).find((p) => p.id === predictionId);
  if (!shot || !shot.images[index]) throw new AppError("not_found", "This image is not part of the shared view.");
  return shot;
}

/** One image of the link: its shot and its asset URL; 404 for anything the link does not show. */
export async function sharedImage(
  token: string,
  predictionId: string,
  index: number,
): Promise<{ shot: PredictionView; src: string }> {
  const shot = await sharedShot(await activeShareByToken(token), predictionId, index);
  return { shot, src: shot.images[index] };
}

/** The asset URL of one image of the link; 404 for anything the link does not show. */
export async function sharedImageSource(token: string, predictionId: string, index: number): Promise<string> {
  return (await sharedImage(token, predictionId, index)).src;
}
