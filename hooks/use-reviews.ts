"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReviewActionInput } from "@/lib/schemas/review";
// Type-only imports: erased at build time, so the server-only modules never reach the browser.
import type { PredictionReviews, ReviewQueuePage } from "@/lib/api-types";
import { apiFetch } from "./api-fetch";
import { FIRST_PAGE, queryKeys } from "./query-keys";

export type { ReviewActionInput };

/** Every image's review state of one prediction, and the who-and-when history. */
export function usePredictionReviews(predictionId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reviews(predictionId),
    queryFn: () => apiFetch<PredictionReviews>(`/api/predictions/${encodeURIComponent(predictionId)}/reviews`),
    enabled,
  });
}

/** How many images nobody has approved or rejected yet (dashboard, nav badge). */
export function useReviewSummary() {
  return useQuery({
    queryKey: queryKeys.reviewSummary,
    queryFn: () => apiFetch<{ awaiting: number }>("/api/reviews/summary"),
    refetchInterval: 30_000,
  });
}

/** The oldest images awaiting review (one page is plenty: the queue refetches as it shrinks). */
export function useReviewQueue() {
  return useQuery({
    queryKey: queryKeys.reviewQueue,
    queryFn: () => apiFetch<ReviewQueuePage>(`/api/reviews/queue?limit=${FIRST_PAGE.reviewQueue}`),
  });
}

/** One action on one image; the answer replaces the prediction's reviews, the counts refresh. */
export function useReviewAction(predictionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewActionInput) =>
      apiFetch<PredictionReviews>(`/api/predictions/${encodeURIComponent(predictionId)}/reviews`, {
        method: "POST",
        json: input,
      }),
    onSuccess: (reviews) => {
      client.setQueryData(queryKeys.reviews(predictionId), reviews);
      void client.invalidateQueries({ queryKey: queryKeys.reviewSummary });
      // The gallery can be filtered by review state.
      void client.invalidateQueries({ queryKey: queryKeys.gallery });
    },
  });
}

/** The queue's action: the prediction changes from one image to the next, so it travels with the call. */
export function useQueueReviewAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ predictionId, ...input }: ReviewActionInput & { predictionId: string }) =>
      apiFetch<PredictionReviews>(`/api/predictions/${encodeURIComponent(predictionId)}/reviews`, {
        method: "POST",
        json: input,
      }),
    onSuccess: (reviews) => {
      client.setQueryData(queryKeys.reviews(reviews.prediction_id), reviews);
      void client.invalidateQueries({ queryKey: queryKeys.reviewSummary });
      // The gallery can be filtered by review state.
      void client.invalidateQueries({ queryKey: queryKeys.gallery });
    },
  });
}
