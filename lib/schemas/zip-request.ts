import { z } from "zod";
import { exportOptionsSchema } from "./export-options";
import { MAX_ZIP_IMAGES } from "./limits";

// POST /api/predictions/zip: the selection to download. JSON `{ items }`, or a plain form post
// whose field `items` holds the same array as JSON text (a form post lets the browser save the
// streamed ZIP straight to disk instead of holding it in page memory).

const item = z.object({
  prediction_id: z.string({ message: "prediction_id is required" }).trim().min(1, "prediction_id is required").max(200),
  /** Leave out for every image of the prediction. */
  image_index: z
    .number({ message: "image_index must be a number" })
    .int()
    .min(0, "image_index must be 0 or more")
    .optional(),
});

// A form post sends an empty string for "no choice".
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

export const zipRequestSchema = z.object({
  preset: z.preprocess(emptyToUndefined, exportOptionsSchema.shape.preset),
  format: z.preprocess(emptyToUndefined, exportOptionsSchema.shape.format),
  items: z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z
      .array(item, { message: "items must be a list of { prediction_id, image_index? }" })
      .min(1, "Choose at least one image")
      .max(MAX_ZIP_IMAGES, `A ZIP holds at most ${MAX_ZIP_IMAGES} images`),
  ),
});

export type ZipRequest = z.infer<typeof zipRequestSchema>;
export type ZipRequestItem = ZipRequest["items"][number];
