import "server-only";
import { predictionIndex, type PredictionIndex } from "./prediction-index";
import { listPredictionViews } from "./predictions";

// Thumbnails are made only of images of predictions the app knows (its shared prediction index),
// compared as exact URLs: any other URL on the asset origin, or a known one with something added
// (a query string), is not an image of ours and must not fill the thumbnail cache.

// A miss may be an image that arrived since the index was loaded (made elsewhere): the index is
// then reloaded, but only when it is older than this, so a stream of made-up URLs costs the
// service at most one list call per interval.
const RELOAD_AFTER_MS = 3_000;

// One set of image URLs per index build: the index is replaced, never changed, when it moves on.
const imagesOf = new WeakMap<PredictionIndex, ReadonlySet<string>>();

function imagesIn(index: PredictionIndex): ReadonlySet<string> {
  let images = imagesOf.get(index);
  if (!images) {
    images = new Set(index.entries.flatMap((entry) => entry.view.images));
    imagesOf.set(index, images);
  }
  return images;
}

export async function isKnownImage(src: string): Promise<boolean> {
  const index = await predictionIndex(listPredictionViews);
  if (imagesIn(index).has(src)) return true;
  if (Date.now() - index.loadedAt < RELOAD_AFTER_MS) return false;
  return imagesIn(await predictionIndex(listPredictionViews, { fresh: true })).has(src);
}
