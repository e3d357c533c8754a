"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { elapsedSince, loraPollInterval } from "@/lib/lora/estimate";
import { MAX_PAGE_SIZE } from "@/lib/schemas/gallery-params";
import { productSearchParams } from "@/lib/schemas/product-params";
import type { ProductQuery } from "@/lib/schemas/product-query";
import type { ErrorBody, ProductPage, ProductView } from "@/lib/types";
import { apiFetch, ApiError } from "./api-fetch";
import { livePoll } from "./live-stream-state";
import { queryKeys } from "@/lib/query-keys";

/** How soon to ask again while any of these products trains: the LoRA page's back-off; false once none does. */
export function productsPollInterval(products: readonly ProductView[], now = Date.now()): number | false {
  let soonest: number | null = null;
  for (const p of products) {
    if (p.lora_enabled === 1 || !p.lora_started_at) continue;
    const interval = loraPollInterval(elapsedSince(p.lora_started_at, now));
    if (interval !== null) soonest = soonest === null ? interval : Math.min(soonest, interval);
  }
  return soonest ?? false;
}

const fetchPage = (query: Partial<ProductQuery>, signal: AbortSignal) =>
  apiFetch<ProductPage>(`/api/products?${productSearchParams(query)}`, { signal });

/** A first page the server already drew for this view (the Products page), so the browser need not ask. */
export interface FirstProductPage {
  /** The view's search params (productSearchParams), to tell whether it is still this view. */
  key: string;
  page: ProductPage;
}

/**
 * The products list, one page at a time (the Products page). Refreshed while a product shown
 * trains, as often as the LoRA page would ask, never in a hidden tab and never past the give-up time.
 */
export function useProductPages(query: Partial<ProductQuery>, first?: FirstProductPage | null) {
  const key = productSearchParams(query).toString();
  return useInfiniteQuery({
    queryKey: [...queryKeys.products, "pages", key],
    queryFn: ({ pageParam, signal }) => fetchPage({ ...query, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    initialData: first && first.key === key ? { pages: [first.page], pageParams: [null] } : undefined,
    // The server's first page is as fresh as an answer: not asked again the moment the page mounts.
    staleTime: 5_000,
    refetchInterval: (q) => livePoll(productsPollInterval(q.state.data?.pages.flatMap((page) => page.items) ?? [])),
    refetchIntervalInBackground: false,
  });
}

/** The few most recent products (the dashboard), refreshed like the list. */
export function useRecentProducts(limit: number) {
  return useQuery({
    queryKey: [...queryKeys.products, "recent", limit],
    queryFn: ({ signal }) => fetchPage({ limit }, signal),
    refetchInterval: (q) => livePoll(productsPollInterval(q.state.data?.items ?? [])),
    refetchIntervalInBackground: false,
  });
}

/** Up to 200 products by name, for pickers and for naming a product id; never polled. */
export function useProductOptions() {
  return useQuery({
    queryKey: [...queryKeys.products, "options"],
    queryFn: ({ signal }) => fetchPage({ sort: "name", limit: MAX_PAGE_SIZE }, signal),
    select: (page) => page.items,
    staleTime: 60_000,
  });
}

export interface UseProductOptions {
  /** Poll even without `lora_started_at`, e.g. right after a start answered "already in progress". */
  poll?: boolean;
}

/**
 * One product. While its LoRA trains it is polled, from ~2 s backing off to 15 s (slower once
 * overdue, not at all past the give-up time), never in a hidden tab, and at once when the tab
 * gets focus again.
 */
export function useProduct(id: string, options: UseProductOptions = {}) {
  const { poll = false } = options;
  return useQuery({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => apiFetch<ProductView>(`/api/products/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => {
      const product = query.state.data;
      if (!product || product.lora_enabled === 1) return false;
      if (!product.lora_started_at && !poll) return false;
      return livePoll(loraPollInterval(elapsedSince(product.lora_started_at, Date.now())));
    },
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: "always",
    // A 404 will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500 && error.status > 0) && count < 2,
  });
}

/** What a person may change of a product (the registry's: the service has no product update). */
export interface ProductChangeInput {
  name?: string;
  archived?: boolean;
}

/** PATCH /api/products/{id}: rename, archive or bring back; the product and every list follow. */
export function useChangeProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation<ProductView, ApiError, ProductChangeInput>({
    mutationFn: (change) =>
      apiFetch<ProductView>(`/api/products/${encodeURIComponent(id)}`, { method: "PATCH", json: change }),
    onSuccess: (answer) => {
      // The registry's answer: its name and archive state, over the live LoRA state already shown.
      queryClient.setQueryData<ProductView>(queryKeys.product(id), (old) =>
        old ? { ...old, name: answer.name, archived_at: answer.archived_at } : answer,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
  });
}

export interface NewVersionInput {
  name: string;
  /** The slots to replace or fill; the others keep the old product's textures. */
  textures: { key: string; file: File }[];
}

/** A new version as POST /api/products/{id}/versions answers it. */
export interface NewVersionAnswer extends ProductView {
  /** Slots of the old product whose file the app had not kept and that were not replaced. */
  left_out: string[];
}

/** POST /api/products/{id}/versions (multipart): a new product from this one's textures and the replacements. */
export function useCreateVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation<NewVersionAnswer, ApiError, NewVersionInput>({
    mutationFn: ({ name, textures }) => {
      const form = new FormData();
      // The name first: the server checks it before any file is stored.
      form.append("name", name);
      textures.forEach(({ key, file }, n) => {
        form.append(`texture[${n}]`, file, file.name);
        form.append(`texture[${n}][key]`, key);
      });
      return apiFetch<NewVersionAnswer>(`/api/products/${encodeURIComponent(id)}/versions`, {
        method: "POST",
        body: form,
      });
    },
    onSuccess: (made) => {
      queryClient.setQueryData(queryKeys.product(made.id), made);
      void queryClient.invalidateQueries({ queryKey: queryKeys.product(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
  });
}

export interface NewProductInput {
  template_id: string;
  name: string;
  textures: { key: string; file: File }[];
}

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * POST /api/products as multipart, through XMLHttpRequest: its `upload.onprogress` reports the
 * bytes really sent, which fetch cannot. `progress` is null when no upload is under way.
 */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  const mutation = useMutation<ProductView, ApiError, NewProductInput>({
    mutationFn: (input) => uploadProduct(input, (xhr) => (request.current = xhr), setProgress),
    onMutate: () => setProgress({ sent: 0, total: 0 }),
    onSuccess: (product) => {
      queryClient.setQueryData(queryKeys.product(product.id), product);
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
    onError: () => setProgress(null),
    onSettled: () => (request.current = null),
  });
  const cancel = useCallback(() => request.current?.abort(), []);
  return { ...mutation, progress, cancel };
}

function uploadProduct(
  input: NewProductInput,
  started: (xhr: XMLHttpRequest) => void,
  onProgress: (progress: UploadProgress) => void,
): Promise<ProductView> {
  const form = new FormData();
  form.append("template_id", input.template_id);
  form.append("name", input.name);
  input.textures.forEach(({ key, file }, n) => {
    form.append(`texture[${n}]`, file, file.name);
    form.append(`texture[${n}][key]`, key);
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/products");
    xhr.responseType = "text";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as ProductView);
      const err = body as Partial<ErrorBody> | null;
      reject(
        new ApiError(
          xhr.status,
          err?.error ?? "Error",
          err?.message ?? `Creating the product failed (HTTP ${xhr.status}). Try again.`,
          Number(xhr.getResponseHeader("retry-after")) || undefined,
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          "Network Error",
          "The upload was interrupted: Product Studio cannot be reached. Check your connection and try again.",
        ),
      );
    xhr.onabort = () => reject(new ApiError(0, "Aborted", "Upload cancelled. Your choices are still here."));
    started(xhr);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
