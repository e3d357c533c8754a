import { z } from "zod";
import { GALLERY_QUERY_KEYS, gallerySearchParams } from "./gallery-params";
import { galleryQuerySchema } from "./gallery-query";
import { hasHiddenFormatting, HIDDEN_FORMATTING_WORDS } from "./hidden-characters";

// POST /api/shares. The filter is the gallery's own view state (lib/schemas/gallery-query.ts), in
// its URL form; the link is made of the finished shots that view shows at that moment (or of the
// shots picked by id), never a live filter. Paging keys are not part of a view, so they are refused.

export const MAX_SHARE_DAYS = 90;
/** The most shots one link may show. */
export const MAX_SHARED_ITEMS = 500;
export const TOO_MANY_SHOTS = (count: number) =>
  `A share link can show at most ${MAX_SHARED_ITEMS} shots; this one would show ${count.toLocaleString("en-US")}. Narrow the filters (a product, a ratio or dates) and try again.`;
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
  /** Shots picked one by one; when given, the filter only describes the link. */
  prediction_ids: z
    .array(z.string().trim().min(1, "A shot id is empty").max(200, "A shot id is too long"), {
      message: "prediction_ids must be a list of shot ids",
    })
    .min(1, "Pick at least one shot to share")
    .refine((ids) => ids.length <= MAX_SHARED_ITEMS, {
      error: (issue) => TOO_MANY_SHOTS((issue.input as string[]).length),
    })
    .optional(),
  expires_in_days: z
    .number({ message: `expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}` })
    .int(`expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}`)
    .min(1, `expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}`)
    .max(MAX_SHARE_DAYS, `expires_in_days must be a whole number from 1 to ${MAX_SHARE_DAYS}`),
  title: z
    .string()
    .trim()
    .max(MAX_SHARE_TITLE, `Keep the title under ${MAX_SHARE_TITLE} characters`)
    .refine((title) => !hasHiddenFormatting(title), `The title ${HIDDEN_FORMATTING_WORDS}`)
    .optional(),
  /** May the link's visitors approve and comment under a typed name? Read-only unless asked. */
  sign_off: z.boolean({ message: "sign_off must be true or false" }).default(false),
});
export type CreateShareInput = z.infer<typeof createShareSchema>;

/** PATCH /api/shares/{id}: its maker turns visitors' sign-off on or off. */
export const shareChangeSchema = z.object({
  sign_off: z.boolean({ message: "sign_off must be true or false" }),
});
export type ShareChangeInput = z.infer<typeof shareChangeSchema>;
