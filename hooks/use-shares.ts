"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { CreateShareInput } from "@/lib/schemas/share";
import type { SharePreview, ShareView } from "@/lib/api-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

export type CreatedShare = ShareView & { url: string };

/** How many shots (and images) a link made from this view now would show, and its product's name. */
export function useSharePreview(filter: Record<string, string>, enabled = true) {
  const params = new URLSearchParams(filter).toString();
  return useQuery({
    enabled,
    queryKey: queryKeys.sharePreview(params),
    queryFn: () => apiFetch<SharePreview>(`/api/shares/preview${params ? `?${params}` : ""}`),
  });
}

// The Shared links page is drawn on the server (a fresh drawing on every visit, and after each
// change there), so these hold no list of their own.
export function useCreateShare() {
  return useMutation({
    mutationFn: (
      input: Pick<CreateShareInput, "expires_in_days" | "title" | "prediction_ids" | "sign_off"> & {
        filter: Record<string, string>;
      },
    ) => apiFetch<CreatedShare>("/api/shares", { method: "POST", json: input }),
  });
}

export function useRevokeShare() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/shares/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}
