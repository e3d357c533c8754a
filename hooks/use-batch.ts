"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
// Type-only import: erased at build time, so the server-only module never reaches the browser.
import type { BatchItem, BatchResult } from "@/lib/studio/batch";
import type { AspectRatio, PredictionView } from "@/lib/types";
import { apiFetch, ApiError } from "./api-fetch";
import { refreshAfterLoraRefusal } from "./use-predictions";
import { queryKeys } from "./query-keys";

export type { BatchItem, BatchResult };

export type BatchInput =
  | { product_id: string; prompt: string; aspect_ratios: AspectRatio[] }
  | { product_id: string; prompt: string; aspect_ratio: AspectRatio; variations: number };

/**
 * POST /api/predictions/batch. 200 and 207 both answer every item; the created ones are put into
 * the cached list at once (so they show with their own status), then the list is refetched.
 */
export function useBatchPredictions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchInput) => apiFetch<BatchResult>("/api/predictions/batch", { method: "POST", json: input }),
    onSuccess: ({ items }, input) => {
      const created = items.flatMap((item) => (item.ok ? [item.prediction] : []));
      for (const prediction of created) client.setQueryData(queryKeys.prediction(prediction.id), prediction);
      client.setQueryData<PredictionView[]>(queryKeys.predictions, (list) =>
        list ? [...created.filter((p) => !list.some((q) => q.id === p.id)).reverse(), ...list] : list,
      );
      void client.invalidateQueries({ queryKey: queryKeys.predictions });
      for (const item of items) {
        if (!item.ok && item.error.error === "Forbidden") {
          refreshAfterLoraRefusal(client, new ApiError(403, item.error.error, item.error.message), input.product_id);
        }
      }
    },
  });
}
