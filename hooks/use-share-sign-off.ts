"use client";

import { useMutation } from "@tanstack/react-query";
import type { LinkSignOff, ShareChange, ShareView } from "@/lib/api-types";
import type { LinkSignOffInput } from "@/lib/schemas/link-sign-off";
import { apiFetch } from "./api-fetch";

/** A link's visitor approves or comments on one of its images under their typed name. */
export function useLinkSignOff(token: string) {
  return useMutation({
    mutationFn: (input: LinkSignOffInput) =>
      apiFetch<LinkSignOff>(`/api/share/${encodeURIComponent(token)}/sign-off`, { method: "POST", json: input }),
  });
}

/** The link's maker turns visitors' sign-off on or off. */
export function useChangeShareSignOff() {
  return useMutation({
    mutationFn: ({ id, ...change }: ShareChange & { id: string }) =>
      apiFetch<ShareView>(`/api/shares/${encodeURIComponent(id)}`, { method: "PATCH", json: change }),
  });
}
