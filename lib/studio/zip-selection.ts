import "server-only";
import { AppError } from "@/lib/errors";
import { MAX_ZIP_IMAGES, type ZipRequestItem } from "@/lib/schemas/zip-request";
import type { PredictionView } from "@/lib/types";
import { predictionViewsByIds } from "./gallery";

// A ZIP selection turned into the images to put in it, checked before the first byte is sent
// (afterwards no error status is possible): every prediction must be one of the account's, every
// index one of its images.

export interface ZipImage {
  view: PredictionView;
  imageIndex: number;
  url: string;
}

export async function resolveZipSelection(items: readonly ZipRequestItem[]): Promise<ZipImage[]> {
  const views = await predictionViewsByIds(items.map((i) => i.prediction_id));
  const images: ZipImage[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const view = views.get(item.prediction_id);
    if (!view) throw new AppError("not_found", `Prediction ${item.prediction_id} is not one of this account's.`);
    if (view.images.length === 0) throw new AppError("bad_request", `Prediction ${view.id} has no images yet.`);
    const indexes = item.image_index === undefined ? view.images.map((_, i) => i) : [item.image_index];
    for (const index of indexes) {
      if (index >= view.images.length) {
        throw new AppError("bad_request", `Prediction ${view.id} has ${view.images.length} image(s); image_index ${index} does not exist.`);
      }
      const key = `${view.id}#${index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      images.push({ view, imageIndex: index, url: view.images[index] });
    }
  }
  if (images.length > MAX_ZIP_IMAGES) {
    throw new AppError("bad_request", `A ZIP holds at most ${MAX_ZIP_IMAGES} images; this selection has ${images.length}.`);
  }
  return images;
}
