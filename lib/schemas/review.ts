import { z } from "zod";

// The review actions, shared by the form, the handler and the review registry.
export const REVIEW_ACTIONS = ["approve", "reject", "star", "unstar", "comment", "clear"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const MAX_COMMENT_LENGTH = 2000;

/** POST /api/predictions/{id}/reviews: one action on one image of the prediction. */
export const reviewActionSchema = z
  .object({
    image_index: z.number({ message: "image_index must be a whole number" }).int().min(0).max(999),
    action: z.enum(REVIEW_ACTIONS, { message: `action must be one of: ${REVIEW_ACTIONS.join(", ")}` }),
    comment: z
      .string()
      .trim()
      .max(MAX_COMMENT_LENGTH, `Keep comments under ${MAX_COMMENT_LENGTH} characters`)
      .optional(),
  })
  .refine((v) => v.action !== "comment" || (v.comment ?? "").length > 0, {
    message: "Write a comment",
    path: ["comment"],
  });
export type ReviewActionInput = z.infer<typeof reviewActionSchema>;

/** GET /api/reviews/queue?limit=&cursor= */
export const reviewQueueQuerySchema = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 200")
    .max(200, "limit must be between 1 and 200")
    .default(50),
  cursor: z.string().max(500).optional(),
});
