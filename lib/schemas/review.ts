import { z } from "zod";
import { MAX_COMMENT_LENGTH, QUEUE_SORTS, REVIEW_ACTIONS } from "./review-params";

// The review payloads, shared by the comment form and the handlers (the actions themselves are in
// review-params.ts).

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

/** POST /api/predictions/{id}/reviews/undo: undo one's own review action (its event's id). */
export const undoReviewSchema = z.object({
  event_id: z
    .string({ message: "event_id must be the id of a review" })
    .regex(/^\d{1,18}$/, "event_id must be the id of a review"),
});

/** GET /api/reviews/queue?limit=&cursor=&sort=&product_id=&campaign_id= */
export const reviewQueueQuerySchema = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 200")
    .max(200, "limit must be between 1 and 200")
    .default(50),
  cursor: z.string().max(500).optional(),
  sort: z.enum(QUEUE_SORTS, { message: `sort must be one of: ${QUEUE_SORTS.join(", ")}` }).default("oldest"),
  product_id: z.string().trim().min(1, "product_id must not be empty").max(200, "product_id is too long").optional(),
  campaign_id: z.string().trim().min(1, "campaign_id must not be empty").max(200, "campaign_id is too long").optional(),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/** GET /api/reviews/summary?products=1&campaign_id= */
export const reviewSummaryQuerySchema = z.object({
  products: z.literal("1", { message: "products must be 1 when given" }).optional(),
  campaign_id: reviewQueueQuerySchema.shape.campaign_id,
});
export type ReviewSummaryQuery = z.infer<typeof reviewSummaryQuerySchema>;
