"use client";

import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { pollInterval } from "@/lib/predictions/state";
import type { GalleryQuery } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import { apiFetch } from "./api-fetch";
import { livePoll } from "./live-stream-state";
import { FIRST_PAGE, galleryKey, queryKeys } from "@/lib/query-keys";

export const GALLERY_PAGE_SIZE = FIRST_PAGE.gallery;

export interface GalleryPage {
  items: PredictionView[];
  next_cursor: string | null;
  total: number;
  /** Images of the whole view (first page only). */
  images?: number;
}

/**
 * One filtered view of the gallery, page by page from the server's shared list
 * (GET /api/predictions?limit=&cursor=&…). Pages are fetched as the grid nears its end.
 */
export function useGalleryPages(query: Partial<GalleryQuery>) {
  const key = galleryKey(query);
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(key[1]);
      params.set("limit", String(GALLERY_PAGE_SIZE));
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<GalleryPage>(`/api/predictions?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Coming back to the gallery a little later asks the index again.
    staleTime: 5_000,
  });
}

/** Replaces a prediction wherever it sits in the cached gallery pages (no reorder, no jump). */
export function patchGalleryPages(client: QueryClient, prediction: PredictionView) {
  client.setQueriesData<InfiniteData<GalleryPage, string>>({ queryKey: queryKeys.gallery }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const at = page.items.findIndex((p) => p.id === prediction.id);
      if (at === -1) return page;
      changed = true;
      const items = page.items.slice();
      items[at] = { ...items[at], ...prediction };
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/**
 * A tile's prediction, kept current while it is still generating. Only tiles in the DOM call this
 * (the grid is virtualized), so only visible processing predictions are polled — one small GET
 * each, and only while the live-update stream is down — instead of refetching every loaded page.
 */
export function useLivePrediction(prediction: PredictionView): PredictionView {
  const client = useQueryClient();
  const processing = prediction.images.length === 0;
  const live = useQuery({
    queryKey: queryKeys.prediction(prediction.id),
    queryFn: async ({ signal }) => {
      const next = await apiFetch<PredictionView>(`/api/predictions/${encodeURIComponent(prediction.id)}`, { signal });
      if (next.images.length > 0) patchGalleryPages(client, next);
      return next;
    },
    enabled: processing,
    initialData: prediction,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data ? livePoll(pollInterval(query.state.data, Date.now())) : false),
  });
  return processing ? live.data : prediction;
}

/**
 * "Refresh": the server reads the service's list again now (shots made elsewhere appear), then
 * every gallery view loads again. The server allows one per few seconds for everyone.
 */
export function useRefreshGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ refreshed: boolean }>("/api/predictions/refresh", { method: "POST" }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.gallery });
      void client.invalidateQueries({ queryKey: queryKeys.reviewSummary });
    },
  });
}
