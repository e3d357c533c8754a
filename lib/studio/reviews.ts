import "server-only";
import type { PredictionReviews, RecordedReview, ReviewCounts, ReviewQueuePage } from "@/lib/api-types";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/cursor";
import { recordAudit } from "@/lib/audit/record";
import { awaitingByProduct, awaitingImageCount, awaitingImagesAfter } from "@/lib/db/review-queue";
import { undoReviewEvent } from "@/lib/db/review-undo";
import { recordReview, reviewsForPrediction } from "@/lib/db/reviews";
import { AppError } from "@/lib/errors";
import { reviewChanged, trackReview } from "@/lib/notify/track-review";
import type { ReviewActionInput, ReviewQueueQuery } from "@/lib/schemas/review";
import type { PredictionView, SessionUser } from "@/lib/types";
import { ensurePredictionIndex } from "./prediction-index";
import { getPredictionView } from "./predictions";

// The review use cases. Which predictions have images is the service's knowledge: the queue and
// the awaiting count read the gallery's index (rows kept in step with the service's list) less
// the images the registry knows as approved or rejected.

export async function getPredictionReviews(id: string): Promise<PredictionReviews> {
  const prediction = await getPredictionView(id);
  return joinReviews(prediction, await reviewsForPrediction(prediction.id));
}

/** Records one action on one existing image and answers the prediction's reviews afterwards. */
export async function reviewImage(id: string, input: ReviewActionInput, user: SessionUser): Promise<RecordedReview> {
  const prediction = await getPredictionView(id);
  if (input.image_index >= prediction.images.length) {
    throw new AppError(
      "bad_request",
      prediction.images.length === 0
        ? "This prediction has no images yet; review it once they have arrived."
        : `image_index must be between 0 and ${prediction.images.length - 1}`,
    );
  }
  const event = await recordReview({
    predictionId: prediction.id,
    imageIndex: input.image_index,
    action: input.action,
    comment: input.action === "comment" ? input.comment : null,
    user,
  });
  await recordAudit({
    actor: user,
    action: "review.recorded",
    productId: prediction.product_id,
    predictionId: prediction.id,
    detail: { review: input.action, image: input.image_index },
  });
  await trackReview(prediction, event, user);
  return { ...joinReviews(prediction, await reviewsForPrediction(prediction.id)), event_id: event.id };
}

/** Undoes the user's own review action `eventId` and answers the prediction's reviews afterwards. */
export async function undoReview(id: string, eventId: string, user: SessionUser): Promise<PredictionReviews> {
  const prediction = await getPredictionView(id);
  const event = await undoReviewEvent({ predictionId: prediction.id, eventId, user });
  await reviewChanged(prediction.id, user.id);
  await recordAudit({
    actor: user,
    action: "review.undone",
    productId: prediction.product_id,
    predictionId: prediction.id,
    detail: { review: event.action, image: event.image_index },
  });
  return joinReviews(prediction, await reviewsForPrediction(prediction.id));
}

function joinReviews(
  prediction: PredictionView,
  reviews: Awaited<ReturnType<typeof reviewsForPrediction>>,
): PredictionReviews {
  const byIndex = new Map(reviews.images.map((s) => [s.image_index, s]));
  return {
    prediction_id: prediction.id,
    images: prediction.images.map((url, index) => {
      const state = byIndex.get(index);
      return {
        image_index: index,
        url,
        status: state?.status ?? null,
        starred: state?.starred ?? false,
        updated_by_email: state?.updated_by_email ?? null,
        updated_at: state?.updated_at ?? null,
      };
    }),
    events: reviews.events,
  };
}

export async function awaitingReviewCount(): Promise<number> {
  await ensurePredictionIndex();
  return awaitingImageCount();
}

/** Images awaiting review (of one campaign, if given), in all and by product, read at one moment. */
export async function reviewCounts(campaignId?: string): Promise<ReviewCounts> {
  await ensurePredictionIndex();
  const [awaiting, products] = await Promise.all([awaitingImageCount({ campaignId }), awaitingByProduct(campaignId)]);
  return { awaiting, products };
}

/**
 * One page of the queue. The cursor names the last image shown, not an offset: images reviewed
 * meanwhile leave the queue without making the next page skip any.
 */
export async function reviewQueue(options: ReviewQueueQuery): Promise<ReviewQueuePage> {
  const after = options.cursor ? decodeCursor(options.cursor, cursorPosition) : null;
  await ensurePredictionIndex();
  const filter = { sort: options.sort, productId: options.product_id, campaignId: options.campaign_id };
  const [rows, total, products] = await Promise.all([
    awaitingImagesAfter(after, options.limit + 1, filter),
    awaitingImageCount(filter),
    awaitingByProduct(options.campaign_id),
  ]);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ prediction, image_index, image_url }) => ({ prediction, image_index, image_url })),
    next_cursor: rows.length > options.limit && last ? encodeCursor(last.position) : null,
    total,
    products,
  };
}

// The queue's position: the prediction's sort time, its id, the image. Checked on the way back.
const cursorPosition = z.object({ t: z.number().int(), id: z.string(), i: z.number().int().min(0) });
