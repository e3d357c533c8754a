"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { reviewQueuePath, type QueueSort } from "@/lib/schemas/review-params";
import type { ReviewActionInput } from "@/lib/schemas/review";
// Type-only imports: erased at build time, so the server-only modules never reach the browser.
import type { PredictionReviews, RecordedReview, ReviewCounts, ReviewQueuePage } from "@/lib/api-types";
import { apiFetch } from "./api-fetch";
import { livePoll } from "./live-stream-state";
import { FIRST_PAGE, queryKeys } from "@/lib/query-keys";

export type { ReviewActionInput };

const reviewsPath = (predictionId: string) => `/api/predictions/${encodeURIComponent(predictionId)}/reviews`;

/** Every image's review state of one prediction, and the who-and-when history. */
export function usePredictionReviews(predictionId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reviews(predictionId),
    queryFn: () => apiFetch<PredictionReviews>(reviewsPath(predictionId)),
    enabled,
  });
}

/** How many images nobody has approved or rejected yet (dashboard, nav badge). */
export function useReviewSummary() {
  return useQuery({
    queryKey: queryKeys.reviewSummary,
    queryFn: () => apiFetch<{ awaiting: number }>("/api/reviews/summary"),
    refetchInterval: () => livePoll(30_000),
  });
}

/**
 * The images awaiting review (of one campaign, if given), in all and by product: the review
 * queue's picker and its page both count from this, refreshed after every review action.
 */
export function useReviewCounts(campaignId: string | undefined) {
  const params = new URLSearchParams({ products: "1" });
  if (campaignId) params.set("campaign_id", campaignId);
  return useQuery({
    queryKey: queryKeys.reviewCounts(campaignId),
    queryFn: () => apiFetch<ReviewCounts>(`/api/reviews/summary?${params}`),
    refetchInterval: () => livePoll(30_000),
  });
}

/**
 * The images awaiting review in one order, of every product or one, of every campaign or one (one
 * page is plenty: the queue refetches as it shrinks).
 */
export function useReviewQueue(sort: QueueSort, productId?: string, campaignId?: string) {
  return useQuery({
    queryKey: queryKeys.reviewQueueOf(sort, productId, campaignId),
    queryFn: () => apiFetch<ReviewQueuePage>(reviewQueuePath(FIRST_PAGE.reviewQueue, sort, productId, campaignId)),
  });
}

/** A review changed: the prediction's reviews are the answer; counts and review filters refresh. */
function reviewed(client: QueryClient, reviews: PredictionReviews) {
  client.setQueryData(queryKeys.reviews(reviews.prediction_id), reviews);
  void client.invalidateQueries({ queryKey: queryKeys.reviewSummary });
  // The gallery can be filtered by review state.
  void client.invalidateQueries({ queryKey: queryKeys.gallery });
}

/** Every review action (prediction page, queue, viewer, compare): the prediction travels with the call. */
export function useImageReviewAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ predictionId, ...input }: ReviewActionInput & { predictionId: string }) =>
      apiFetch<RecordedReview>(reviewsPath(predictionId), { method: "POST", json: input }),
    onSuccess: (reviews) => reviewed(client, reviews),
  });
}

/** Undo one's own review action; the image may wait for review again, so the queue refreshes. */
export function useUndoReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ predictionId, eventId }: { predictionId: string; eventId: string }) =>
      apiFetch<PredictionReviews>(`${reviewsPath(predictionId)}/undo`, { method: "POST", json: { event_id: eventId } }),
    onSuccess: (reviews) => {
      reviewed(client, reviews);
      void client.invalidateQueries({ queryKey: queryKeys.reviewQueue });
    },
  });
}
