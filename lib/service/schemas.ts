import "server-only";
import { z } from "zod";

// The service's raw shapes, parsed leniently: unknown fields are kept, ids may be strings or
// numbers, and where the interface document says "not shown" several spellings are accepted.
// Only reshape.ts reads these.

export const rawId = z.union([z.string().min(1), z.number().int()]).transform(String);

const optionalString = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v : undefined));

export const rawPrediction = z.looseObject({
  id: rawId,
  product_id: rawId.optional().catch(undefined),
  date_modification: optionalString,
  prompt: optionalString,
  aspect_ratio: optionalString,
  status: optionalString,
  images: z
    .unknown()
    .optional()
    .transform((v) => (Array.isArray(v) ? v.filter((i) => typeof i === "string") : [])),
});
export type RawPrediction = z.infer<typeof rawPrediction>;

export const rawProduct = z.looseObject({
  id: rawId,
  lora_enabled: z.unknown().optional(),
  name: z.unknown().optional(),
  template_id: z.unknown().optional(),
});
export type RawProduct = z.infer<typeof rawProduct>;

export const rawTemplate = z.looseObject({ id: rawId, loraScene: z.unknown().optional() });
export type RawTemplate = z.infer<typeof rawTemplate>;

export const rawLoraStart = z.looseObject({ result: z.string() });

/** A list may be a bare array or wrapped; wrappers are not shown, so the usual names are tried. */
export const rawList = z.union([
  z.array(z.unknown()),
  z.looseObject({}).transform((o: Record<string, unknown>, ctx) => {
    for (const key of ["items", "data", "results", "templates", "predictions"]) {
      if (Array.isArray(o[key])) return o[key] as unknown[];
    }
    ctx.addIssue({ code: "custom", message: "expected a list" });
    return z.NEVER;
  }),
]);
