import { z } from "zod";
import { GALLERY_QUERY_KEYS, gallerySearchParams, galleryQuerySchema } from "./gallery-query";

// POST /api/shares. The filter is the gallery's own view state (lib/schemas/gallery-query.ts), in
// its URL form: the link shows exactly what that gallery URL shows. Paging keys are not part of a
// view, so they are refused here.

export const MAX_SHARE_DAYS = 90;
export const MAX_SHARE_TITLE = 120;
const FILTER_KEYS = GALLERY_QUERY_KEYS.filter((key) => key !== "limit" && key !== "cursor");

const filterValue = z
  .union([z.string(), z.number(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value.join(",") : String(value)));

/** The filter normalized to the gallery's URL form (defaults and empty values left out). */
export const shareFilterSchema = z.record(z.string(), filterValue).transform((raw, ctx) => {
  const unknown = Object.keys(raw).filter((key) => !(FILTER_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    ctx.addIssue({ code: "custom", message: `filter may hold only: ${FILTER_KEYS.join(", ")}` });
    return z.NEVER;
  }
  const parsed = galleryQuerySchema.safeParse(raw);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "filter is not valid" });
    return z.NEVER;
  }
  return Object.fromEntries(gallerySearchParams(parsed.data)) as Record<string, string>;
});

export const createShareSchema = z.object({
  filter: shareFilterSchema.default({}),
  expires_in_days: z
    .number({ message: `expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}` })
    .int(`expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}`)
    .min(1, `expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}`)
    .max(MAX_SHARE_DAYS, `expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}`),
  title: z
    .string()
    .trim()
    .max(MAX_SHARE_TITLE, `Keep the title under ${MAX_SHARE_TITLE} characters`)
    .optional(),
});
export type CreateShareInput = z.infer<typeof createShareSchema>;
