import { z } from "zod";
import { ASPECT_RATIO_MESSAGE, ASPECT_RATIOS, type AspectRatio } from "@/lib/types";
import { MAX_VARIATIONS, MIN_VARIATIONS } from "./limits";
import { createPredictionSchema } from "./prediction";

// POST /api/predictions/batch: one prompt in several aspect ratios, or N variations in one ratio.
// Everything is checked before the first prediction is sent: a bad ratio anywhere is a 400 for
// the whole batch, never a half-sent one.

const base = createPredictionSchema.pick({ product_id: true, prompt: true });

export const batchByRatiosSchema = base.extend({
  aspect_ratios: z
    .array(z.enum(ASPECT_RATIOS, { message: ASPECT_RATIO_MESSAGE }), { message: "aspect_ratios must be a list" })
    .min(1, "Choose at least one aspect ratio")
    .max(ASPECT_RATIOS.length)
    .refine((list) => new Set(list).size === list.length, "Each aspect ratio may appear only once"),
});

export const batchByVariationsSchema = base.extend({
  aspect_ratio: z.enum(ASPECT_RATIOS, { message: ASPECT_RATIO_MESSAGE }),
  variations: z
    .number({ message: `variations must be a whole number from ${MIN_VARIATIONS} to ${MAX_VARIATIONS}` })
    .int(`variations must be a whole number from ${MIN_VARIATIONS} to ${MAX_VARIATIONS}`)
    .min(MIN_VARIATIONS, `variations must be a whole number from ${MIN_VARIATIONS} to ${MAX_VARIATIONS}`)
    .max(MAX_VARIATIONS, `variations must be a whole number from ${MIN_VARIATIONS} to ${MAX_VARIATIONS}`),
});

export interface BatchPlan {
  product_id: string;
  prompt: string;
  /** One entry per prediction to send, in order. */
  ratios: AspectRatio[];
  /** Variations mode: the same ratio N times (each item then carries its variation number). */
  variations: boolean;
}

/** Either shape, turned into the list of predictions to send. */
export const batchPredictionSchema = z.unknown().transform((raw, ctx): BatchPlan => {
  const isObject = typeof raw === "object" && raw !== null;
  const wantsVariations = isObject && "variations" in raw;
  if (isObject && "aspect_ratios" in raw && wantsVariations) {
    ctx.addIssue({ code: "custom", message: "Send either aspect_ratios or variations, not both" });
    return z.NEVER;
  }
  const parsed = wantsVariations ? batchByVariationsSchema.safeParse(raw) : batchByRatiosSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const { product_id, prompt } = parsed.data;
  return "variations" in parsed.data
    ? { product_id, prompt, ratios: Array(parsed.data.variations).fill(parsed.data.aspect_ratio), variations: true }
    : { product_id, prompt, ratios: parsed.data.aspect_ratios, variations: false };
});
