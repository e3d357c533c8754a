"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatePresetInput } from "@/lib/schemas/prompt";
// Type-only imports: erased at build time, so the server-only module never reaches the browser.
import type { PromptHistoryItem, PromptPreset } from "@/lib/api-types";
import type { ApprovalRow } from "@/lib/api-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

export type { CreatePresetInput };

/** My distinct prompts for this template, most recent first. */
export function usePromptHistory(templateId: string) {
  return useQuery({
    queryKey: queryKeys.promptHistory(templateId),
    queryFn: () =>
      apiFetch<{ items: PromptHistoryItem[] }>(
        `/api/prompts/history?template_id=${encodeURIComponent(templateId)}&limit=10`,
      ),
    select: (data) => data.items,
  });
}

/** "Scenes that work for this template": the team's scenes with the highest approval rate first. */
export function useScenesThatWork(templateId: string) {
  return useQuery({
    queryKey: queryKeys.scenesThatWork(templateId),
    queryFn: () =>
      apiFetch<{ items: ApprovalRow[] }>(`/api/prompts/scenes?template_id=${encodeURIComponent(templateId)}`),
    select: (data) => data.items,
  });
}

/** The team's saved prompts for this template. */
export function usePromptPresets(templateId: string) {
  return useQuery({
    queryKey: queryKeys.promptPresets(templateId),
    queryFn: () =>
      apiFetch<{ items: PromptPreset[] }>(`/api/prompts/presets?template_id=${encodeURIComponent(templateId)}`),
    select: (data) => data.items,
  });
}

export function useCreatePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePresetInput) =>
      apiFetch<PromptPreset>("/api/prompts/presets", { method: "POST", json: input }),
    onSuccess: (preset) => void client.invalidateQueries({ queryKey: queryKeys.promptPresets(preset.template_id) }),
  });
}

export function useDeletePreset(templateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/prompts/presets/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.promptPresets(templateId) }),
  });
}
