import "server-only";
import { AppError } from "@/lib/errors";
import { presetById } from "@/lib/schemas/channel-presets";
import type { ExportOptions } from "@/lib/schemas/export-options";
import { MAX_ZIP_IMAGES } from "@/lib/schemas/limits";
import type { ZipRequestItem } from "@/lib/schemas/zip-request";
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
        throw new AppError(
          "bad_request",
          `Prediction ${view.id} has ${view.images.length} image(s); image_index ${index} does not exist.`,
        );
      }
      const key = `${view.id}#${index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      images.push({ view, imageIndex: index, url: view.images[index] });
    }
  }
  if (images.length > MAX_ZIP_IMAGES) {
    throw new AppError(
      "bad_request",
      `A ZIP holds at most ${MAX_ZIP_IMAGES} images; this selection has ${images.length}.`,
    );
  }
  return images;
}

/**
 * A channel preset only for shots of its ratio: a selection with other known ratios is refused
 * before the ZIP starts (a shot whose ratio the app does not know is checked on its pixels, and
 * left out with a note in MISSING.txt when it does not fit).
 */
export function assertPresetFits(images: readonly ZipImage[], options: ExportOptions): void {
  const preset = presetById(options.preset);
  if (!preset.ratio) return;
  const misfits = images.filter((i) => i.view.aspect_ratio !== null && i.view.aspect_ratio !== preset.ratio);
  if (misfits.length === 0) return;
  const shots = misfits.length === 1 ? "1 selected image is" : `${misfits.length} selected images are`;
  throw new AppError(
    "bad_request",
    `${preset.label} needs ${preset.ratio} shots, and ${shots} another ratio. Nothing is cropped: select only ${preset.ratio} shots, or choose “Original size”.`,
  );
}
