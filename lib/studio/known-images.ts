import "server-only";
import { predictionIndex, type PredictionIndex } from "./prediction-index";
import { listPredictionViews } from "./predictions";

// Thumbnails are made only of images of predictions the app knows (its shared prediction index),
// compared as exact URLs: any other URL on the asset origin, or a known one with something added
// (a query string), is not an image of ours and must not fill the thumbnail cache.

// One set of image URLs per index build: the index is replaced, never changed, when it moves on.
const imagesOf = new WeakMap<PredictionIndex, ReadonlySet<string>>();

export async function isKnownImage(src: string): Promise<boolean> {
  const index = await predictionIndex(listPredictionViews);
  let images = imagesOf.get(index);
  if (!images) {
    images = new Set(index.entries.flatMap((entry) => entry.view.images));
    imagesOf.set(index, images);
  }
  return images.has(src);
}
