import "server-only";
import type { PredictionReviews, QueueItem, ReviewQueuePage } from "@/lib/api-types";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/cursor";
import { recordAudit } from "@/lib/audit/record";
import { imageKey, recordReview, reviewedImageKeys, reviewsForPrediction } from "@/lib/db/reviews";
import { AppError } from "@/lib/errors";
import { trackReview } from "@/lib/notify/track-review";
import type { ReviewActionInput } from "@/lib/schemas/review";
import type { PredictionView, SessionUser } from "@/lib/types";
import { predictionIndex } from "./prediction-index";
import { getPredictionView, listPredictionViews } from "./predictions";

// The review use cases. Which predictions have images is the service's knowledge, not the
// registry's: the queue and the awaiting count read the shared prediction index (the service's
// list, cached and refreshed in the background) and subtract the images the registry knows as
// approved or rejected.

export async function getPredictionReviews(id: string): Promise<PredictionReviews> {
  const prediction = await getPredictionView(id);
  return joinReviews(prediction, await reviewsForPrediction(prediction.id));
}

/** Records one action on one existing image and answers the prediction's reviews afterwards. */
export async function reviewImage(id: string, input: ReviewActionInput, user: SessionUser): Promise<PredictionReviews> {
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
  return joinReviews(prediction, await reviewsForPrediction(prediction.id));
}

function joinReviews(prediction: PredictionView, reviews: Awaited<ReturnType<typeof reviewsForPrediction>>): PredictionReviews {
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

// The sort time travels with each item (not in the answer) for the cursor.
type TimedItem = QueueItem & { time: number };

/** Every image that nobody has approved or rejected yet, oldest prediction first. */
async function awaitingImages(): Promise<TimedItem[]> {
  const { entries } = await predictionIndex(listPredictionViews);
  // The index is newest first with ties broken by id: reversed, it is oldest first.
  const withImages = entries.filter((e) => e.view.images.length > 0).reverse();
  const reviewed = await reviewedImageKeys(withImages.map((e) => e.view.id));
  return withImages.flatMap(({ view: prediction, time }) =>
    prediction.images.flatMap((image_url, image_index) =>
      reviewed.has(imageKey(prediction.id, image_index)) ? [] : [{ prediction, image_index, image_url, time }],
    ),
  );
}

export async function awaitingReviewCount(): Promise<number> {
  return (await awaitingImages()).length;
}

/**
 * One page of the queue. The cursor names the last image shown, not an offset: images reviewed
 * meanwhile leave the queue without making the next page skip any.
 */
export async function reviewQueue(options: { limit: number; cursor?: string | null }): Promise<ReviewQueuePage> {
  const all = await awaitingImages();
  const after = options.cursor ? decodeCursor(options.cursor, cursorPosition) : null;
  const start = after ? all.findIndex((item) => compare(item, after) > 0) : 0;
  const from = start < 0 ? all.length : start;
  const page = all.slice(from, from + options.limit);
  const last = page.at(-1);
  const hasMore = from + options.limit < all.length;
  return {
    items: page.map(({ prediction, image_index, image_url }) => ({ prediction, image_index, image_url })),
    next_cursor: hasMore && last ? encodeCursor(positionOf(last)) : null,
    total: all.length,
  };
}

const cursorPosition = z.object({ t: z.number(), id: z.string(), i: z.number() });
type CursorPosition = z.infer<typeof cursorPosition>;

function positionOf(item: TimedItem): CursorPosition {
  return { t: item.time, id: item.prediction.id, i: item.image_index };
}

// The index's own order, oldest first: time, then id (compared as the index does), then image.
function compare(item: TimedItem, position: CursorPosition): number {
  const here = positionOf(item);
  if (here.t !== position.t) return here.t - position.t;
  if (here.id !== position.id) return here.id < position.id ? -1 : 1;
  return here.i - position.i;
}

