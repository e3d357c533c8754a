"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
// Type-only import: erased at build time, so the server-only module never reaches the browser.
import type { ProductIdsAnswer } from "@/lib/api-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

export type { ProductIdsAnswer };

const fetchIds = (filter: string, signal?: AbortSignal) =>
  apiFetch<ProductIdsAnswer>(`/api/products/ids${filter ? `?${filter}` : ""}`, { signal });

/**
 * Every product id a Products page filter matches (its query string, `q=…&lora=…`), up to what a
 * campaign holds; `filter` null asks nothing. Not polled: a choice is taken at one moment.
 */
export function useProductIds(filter: string | null) {
  return useQuery({
    queryKey: queryKeys.productIds(filter ?? ""),
    queryFn: ({ signal }) => fetchIds(filter ?? "", signal),
    enabled: filter !== null,
    staleTime: 60_000,
  });
}

/** The same, asked when a person presses "Select all matching this filter" (each press asks afresh). */
export function useSelectMatchingProducts() {
  return useMutation({ mutationFn: (filter: string) => fetchIds(filter) });
}
