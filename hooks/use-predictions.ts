"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { listPollInterval, pollInterval } from "@/components/predictions/prediction-state";
import type { CreatePredictionInput } from "@/lib/schemas/prediction";
import type { PredictionView } from "@/lib/types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export type { CreatePredictionInput };

/** Puts a prediction into the list cache: replaced in place when known, else at the top. */
function upsertIntoList(client: QueryClient, prediction: PredictionView) {
  client.setQueryData<PredictionView[]>(queryKeys.predictions, (list) => {
    if (!list) return list;
    const at = list.findIndex((p) => p.id === prediction.id);
    if (at === -1) return [prediction, ...list];
    const next = list.slice();
    next[at] = { ...list[at], ...prediction };
    return next;
  });
}

/**
 * Every prediction of the account, newest first. Polls while any is still generating (fast within
 * the typical time, slower once late, never past the limit); react-query pauses it in hidden tabs.
 */
export function usePredictions() {
  return useQuery({
    queryKey: queryKeys.predictions,
    queryFn: () => apiFetch<PredictionView[]>("/api/predictions"),
    refetchInterval: (query) => listPollInterval(query.state.data, Date.now()),
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
    initialData: () => client.getQueryData<PredictionView[]>(queryKeys.predictions)?.find((p) => p.id === id),
    initialDataUpdatedAt: () => client.getQueryState(queryKeys.predictions)?.dataUpdatedAt,
    refetchInterval: (query) => (query.state.data ? pollInterval(query.state.data, Date.now()) : false),
  });
}

/** Starts a prediction; the new one goes to the top of the cached list so it shows at once. */
export function useCreatePrediction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePredictionInput) =>
      apiFetch<PredictionView>("/api/predictions", { method: "POST", json: input }),
    onSuccess: (prediction) => {
      client.setQueryData(queryKeys.prediction(prediction.id), prediction);
      if (client.getQueryData(queryKeys.predictions)) upsertIntoList(client, prediction);
      else void client.invalidateQueries({ queryKey: queryKeys.predictions });
    },
  });
}
