"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BatchResult } from "@/lib/api-types";
import type { AspectRatio } from "@/lib/types";
import { apiFetch, ApiError } from "./api-fetch";
import { refreshAfterLoraRefusal } from "./use-predictions";
import { queryKeys } from "@/lib/query-keys";
import { upsertIntoList } from "./use-predictions";

export type BatchInput =
  | { product_id: string; prompt: string; aspect_ratios: AspectRatio[] }
  | { product_id: string; prompt: string; aspect_ratio: AspectRatio; variations: number };

/**
 * POST /api/predictions/batch. 200 and 207 both answer every item; the created ones are put into
 * every cached list at once (so they show with their own status), and the gallery loads again.
 */
export function useBatchPredictions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchInput) => apiFetch<BatchResult>("/api/predictions/batch", { method: "POST", json: input }),
    onSuccess: ({ items }, input) => {
      // In the order sent: the last one created ends on top, as the newest-first lists have it.
      for (const item of items) {
        if (!("prediction" in item)) continue;
        client.setQueryData(queryKeys.prediction(item.prediction.id), item.prediction);
        upsertIntoList(client, item.prediction);
      }
      // The gallery's pages are filtered and sorted server-side: let them load again.
      void client.invalidateQueries({ queryKey: queryKeys.gallery });
      for (const item of items) {
        if (!item.ok && item.error.error === "Forbidden") {
          refreshAfterLoraRefusal(client, new ApiError(403, item.error.error, item.error.message), input.product_id);
        }
      }
    },
  });
}
