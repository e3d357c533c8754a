"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { listPollInterval, pollInterval } from "@/lib/predictions/state";
import type { CreatePredictionInput } from "@/lib/schemas/prediction";
import type { QueuedShot } from "@/lib/api-types";
import type { PredictionView } from "@/lib/types";
import { apiFetch, ApiError } from "./api-fetch";
import { livePoll } from "./live-stream-state";
import { queryKeys } from "@/lib/query-keys";

export type { CreatePredictionInput };

export interface PredictionsFilter {
  /** Only this product's predictions. */
  productId?: string;
  /** How many of the newest (the server pages its cached list; never the whole account). */
  limit: number;
}

interface Page {
  items: PredictionView[];
}

/**
 * Puts a prediction into every cached list it belongs to: replaced in place when known, else at
 * the top (lists are newest first).
 */
export function upsertIntoList(client: QueryClient, prediction: PredictionView) {
  for (const [key, list] of client.getQueriesData<PredictionView[]>({ queryKey: queryKeys.predictions })) {
    if (!list) continue;
    const scope = key[1]; // "all" or a product id (see usePredictions)
    const at = list.findIndex((p) => p.id === prediction.id);
    if (at === -1 && scope !== "all" && scope !== prediction.product_id) continue;
    const next = at === -1 ? [prediction, ...list] : list.with(at, { ...list[at], ...prediction });
    client.setQueryData(key, next);
  }
}

/**
 * The newest predictions of the account (or of one product), newest first. Polls while any is
 * still generating (fast within the typical time, slower once late, never past the limit) and
 * the live-update stream is down; react-query pauses it in hidden tabs.
 */
export function usePredictions({ productId, limit }: PredictionsFilter) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (productId) params.set("product_id", productId);
  return useQuery({
    queryKey: queryKeys.predictionList(productId, limit),
    queryFn: async () => (await apiFetch<Page>(`/api/predictions?${params}`)).items,
    refetchInterval: (query) => livePoll(listPollInterval(query.state.data, Date.now())),
  });
}

/** One prediction, polled until its images arrive (or until it is judged possibly failed). */
export function usePrediction(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.prediction(id),
    queryFn: async () => {
      const prediction = await apiFetch<PredictionView>(`/api/predictions/${encodeURIComponent(id)}`);
      upsertIntoList(client, prediction);
      return prediction;
    },
    // Seed from the list so the gallery → prediction page step shows something at once.
    initialData: () =>
      client
        .getQueriesData<PredictionView[]>({ queryKey: queryKeys.predictions })
        .flatMap(([, list]) => list ?? [])
        .find((p) => p.id === id),
    refetchInterval: (query) => (query.state.data ? livePoll(pollInterval(query.state.data, Date.now())) : false),
  });
}

/**
 * Starts a prediction; the new one goes to the top of the cached list so it shows at once. When
 * the service asked to slow down, the answer says the shot is queued (it is sent by the server).
 */
export function useCreatePrediction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePredictionInput) =>
      apiFetch<PredictionView | QueuedShot>("/api/predictions", { method: "POST", json: input }),
    onSuccess: (prediction) => {
      if ("queued" in prediction) return;
      client.setQueryData(queryKeys.prediction(prediction.id), prediction);
      upsertIntoList(client, prediction);
      // The gallery's pages are filtered and sorted server-side: let them load again.
      void client.invalidateQueries({ queryKey: queryKeys.gallery });
    },
    onError: (error, input) => refreshAfterLoraRefusal(client, error, input.product_id),
  });
}

/**
 * A 403 "does not have LoRA enabled": the server has noted the product is not ready after all;
 * its page and the lists load again so they say so.
 */
export function refreshAfterLoraRefusal(client: QueryClient, error: unknown, productId: string): void {
  if (!(error instanceof ApiError) || error.status !== 403 || !/lora/i.test(error.message)) return;
  void client.invalidateQueries({ queryKey: queryKeys.product(productId) });
  void client.invalidateQueries({ queryKey: queryKeys.products });
}
