import { z } from "zod";
import type { PredictionReviews, RecordedReview, ReviewCounts, ReviewQueuePage } from "@/lib/api-types";
import { REVIEW_ACTIONS } from "@/lib/schemas/review-params";
import { isoTime, nextCursor } from "./common";
import { predictionView } from "./predictions";
import { shaped } from "./shaped";

export const predictionReviews = shaped<PredictionReviews>()(
  z
    .object({
      prediction_id: z.string(),
      images: z.array(
        z.object({
          image_index: z.number().int(),
          url: z.string(),
          status: z.enum(["approved", "rejected"]).nullable(),
          starred: z.boolean(),
          updated_by_email: z.string().nullable(),
          updated_at: isoTime.nullable(),
        }),
      ),
      events: z
        .array(
          z.object({
            id: z.string(),
            image_index: z.number().int(),
            action: z.enum(REVIEW_ACTIONS),
            comment: z.string().nullable(),
            author_email: z.string().nullable(),
            via_link: z.string().nullable().meta({ description: "The name a share link's visitor typed." }),
            created_at: isoTime,
            undone_at: isoTime.nullable(),
          }),
        )
        .meta({ description: "Every review action on the prediction's images, oldest first." }),
    })
    .meta({ id: "PredictionReviews" }),
);

export const recordedReview = shaped<RecordedReview>()(
  predictionReviews
    .extend({
      event_id: z.string().meta({ description: "The action just recorded: send it to …/reviews/undo to undo it." }),
    })
    .meta({ id: "RecordedReview" }),
);

const queueProduct = z.object({ id: z.string(), name: z.string().nullable(), awaiting: z.number().int() });

export const reviewQueuePage = shaped<ReviewQueuePage>()(
  z
    .object({
      items: z.array(z.object({ prediction: predictionView, image_index: z.number().int(), image_url: z.string() })),
      next_cursor: nextCursor,
      total: z.number().int(),
      products: z.array(queueProduct),
    })
    .meta({ id: "ReviewQueuePage" }),
);

export const reviewSummary = z.object({ awaiting: z.number().int(), products: z.array(queueProduct).optional() }).meta({
  id: "ReviewSummary",
  description: "Images awaiting review; by product with `products=1` or a `campaign_id`.",
}) satisfies z.ZodType<Partial<ReviewCounts>>;
