import "server-only";
import { imageKey, recordReview, reviewedImageKeys, reviewsForPrediction, type ReviewEvent } from "@/lib/db/reviews";
import { AppError } from "@/lib/errors";
import { parseServiceDate } from "@/lib/format";
import type { ReviewActionInput } from "@/lib/schemas/review";
import type { PredictionView, SessionUser } from "@/lib/types";
import { getPredictionView, listPredictionViews } from "./predictions";

// The review use cases. Which predictions have images is the service's knowledge, not the
// registry's: the queue and the awaiting count read the (coalesced) service list and subtract
// the images the registry knows as approved or rejected.

export interface ImageReview {
  image_index: number;
  url: string;
  status: "approved" | "rejected" | null;
  starred: boolean;
  updated_by_email: string | null;
  updated_at: string | null;
}

export interface PredictionReviews {
  prediction_id: string;
  images: ImageReview[];
  /** Every action on this prediction's images, oldest first: the who-and-when record. */
  events: ReviewEvent[];
}

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
  await recordReview({
    predictionId: prediction.id,
    imageIndex: input.image_index,
    action: input.action,
    comment: input.action === "comment" ? input.comment : null,
    user,
  });
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

export interface QueueItem {
  prediction: PredictionView;
  image_index: number;
  image_url: string;
}

export interface ReviewQueuePage {
  items: QueueItem[];
  next_cursor: string | null;
  /** Every image awaiting review, not only this page's. */
  total: number;
}

/** Every image that nobody has approved or rejected yet, oldest prediction first. */
async function awaitingImages(): Promise<QueueItem[]> {
  const withImages = (await listPredictionViews()).filter((p) => p.images.length > 0);
  const reviewed = await reviewedImageKeys(withImages.map((p) => p.id));
  return withImages
    .sort((a, b) => sortTime(a) - sortTime(b) || a.id.localeCompare(b.id))
    .flatMap((prediction) =>
      prediction.images.flatMap((image_url, image_index) =>
        reviewed.has(imageKey(prediction.id, image_index)) ? [] : [{ prediction, image_index, image_url }],
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
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const start = after ? all.findIndex((item) => compare(item, after) > 0) : 0;
  const from = start < 0 ? all.length : start;
  const items = all.slice(from, from + options.limit);
  const last = items.at(-1);
  const hasMore = from + options.limit < all.length;
  return { items, next_cursor: hasMore && last ? encodeCursor(last) : null, total: all.length };
}

interface CursorPosition {
  t: number;
  id: string;
  i: number;
}

function positionOf(item: QueueItem): CursorPosition {
  return { t: sortTime(item.prediction), id: item.prediction.id, i: item.image_index };
}

function compare(item: QueueItem, position: CursorPosition): number {
  const here = positionOf(item);
  return here.t - position.t || here.id.localeCompare(position.id) || here.i - position.i;
}

function encodeCursor(item: QueueItem): string {
  return Buffer.from(JSON.stringify(positionOf(item))).toString("base64url");
}

function decodeCursor(cursor: string): CursorPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorPosition>;
    if (typeof value.t === "number" && typeof value.id === "string" && typeof value.i === "number") {
      return { t: value.t, id: value.id, i: value.i };
    }
  } catch {
    // fall through
  }
  throw new AppError("bad_request", "The cursor is not valid; start again without it.");
}

/** The app's creation time where known, else the service's date (assumed UTC). */
function sortTime(view: PredictionView): number {
  if (view.created_at) return Date.parse(view.created_at);
  return parseServiceDate(view.date_modification)?.getTime() ?? 0;
}
