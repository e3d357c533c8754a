"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateWebhookInput, NotificationSettingsInput } from "@/lib/schemas/notify";
import type { NotificationList, NotificationSettingsView, WebhookView } from "@/lib/api-types";
import { apiFetch, type ApiError } from "./api-fetch";
import { livePoll } from "./live-stream-state";
import { queryKeys } from "@/lib/query-keys";

// The bell, the person's email settings and the team's webhooks.

/** The bell is told by the live-update stream; while it is down it asks every minute or so. */
export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => apiFetch<NotificationList>("/api/notifications", { signal }),
    refetchInterval: () => livePoll(30_000),
    refetchIntervalInBackground: false,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<NotificationList, ApiError, number[] | undefined>({
    mutationFn: (ids) => apiFetch("/api/notifications/read", { method: "POST", json: ids ? { ids } : {} }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.notifications, list),
  });
}

/** The Settings page reads them on the server; the form keeps what it saved. */
export function useSaveNotificationSettings() {
  return useMutation<NotificationSettingsView, ApiError, NotificationSettingsInput>({
    mutationFn: (input) => apiFetch("/api/settings/notifications", { method: "PUT", json: input }),
  });
}

// The Webhooks page is drawn on the server: after each change it asks for a new drawing
// (router.refresh), so these hold no list of their own.
export function useCreateWebhook() {
  return useMutation<{ webhook: WebhookView; secret: string }, ApiError, CreateWebhookInput>({
    mutationFn: (input) => apiFetch("/api/webhooks", { method: "POST", json: input }),
  });
}

export function useDeleteWebhook() {
  return useMutation<void, ApiError, string>({
    mutationFn: (id) => apiFetch(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}

export function useEnableWebhook() {
  return useMutation<WebhookView, ApiError, string>({
    mutationFn: (id) =>
      apiFetch(`/api/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", json: { enabled: true } }),
  });
}
