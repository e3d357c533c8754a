"use client";

import { useMutation } from "@tanstack/react-query";
import type { CreatedApiKey, ServiceAccountView } from "@/lib/api-types";
import type { CreateApiKeyInput, CreateServiceAccountInput } from "@/lib/schemas/api-key";
import { apiFetch, type ApiError } from "./api-fetch";

// The keys pages are drawn on the server: after each change they ask for a new drawing
// (router.refresh), so these hold no list of their own.

/** `endpoint`: /api/keys for one's own, /api/service-accounts/{id}/keys for a service account's. */
export function useCreateApiKey(endpoint: string) {
  return useMutation<CreatedApiKey, ApiError, CreateApiKeyInput>({
    mutationFn: (input) => apiFetch(endpoint, { method: "POST", json: input }),
  });
}

export function useRevokeApiKey() {
  return useMutation<void, ApiError, string>({
    mutationFn: (id) => apiFetch(`/api/keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}

export function useCreateServiceAccount() {
  return useMutation<ServiceAccountView, ApiError, CreateServiceAccountInput>({
    mutationFn: (input) => apiFetch("/api/service-accounts", { method: "POST", json: input }),
  });
}
