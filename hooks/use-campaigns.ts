"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CampaignEstimate, CampaignPage, CampaignStatus, CampaignView } from "@/lib/api-types";
import type { CreateCampaignInput } from "@/lib/schemas/campaign";
import { apiFetch } from "./api-fetch";
import { livePoll } from "./live-stream-state";
import { queryKeys } from "@/lib/query-keys";

/** How often a campaign under way is asked again: its shots change state within seconds. */
export const CAMPAIGN_POLL_MS = 3_000;

/** A campaign still sends or trains: its view changes by itself. Paused, done, cancelled and failed do not. */
export const campaignLive = (status: CampaignStatus | undefined) => status === "running" || status === "training";

/** Shots already sent finish even in a paused or cancelled campaign: its view still changes. */
const UNDER_WAY = new Set(["sending", "confirming", "generating"]);
const stillMoving = (view: CampaignView | undefined) =>
  campaignLive(view?.status) || Boolean(view?.cells.some((c) => UNDER_WAY.has(c.state)));

/**
 * One campaign (or a batch: the product page's shots are one) as GET /api/campaigns/{id} answers
 * it. Polled every 3 s while it is running or training, or shots it sent are still being made,
 * and no more once nothing moves; `poll: false` reads it once. No id (nothing to follow yet): no request.
 */
export function useCampaign(id: string | null | undefined, { poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.campaign(id ?? ""),
    queryFn: ({ signal }) => apiFetch<CampaignView>(`/api/campaigns/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (poll && stillMoving(query.state.data) ? livePoll(CAMPAIGN_POLL_MS) : false),
  });
}

export type { CreateCampaignInput };
export type CampaignAction = "pause" | "resume" | "cancel" | "retry-failed";

const ESTIMATE_DEBOUNCE_MS = 400;

/**
 * The campaign list's older pages ("Show older"), after the page the server drew (`after` is its
 * cursor). Nothing is asked for until `wanted`.
 */
export function useCampaigns(after: string | null, wanted: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.olderCampaigns(after),
    initialPageParam: after,
    enabled: wanted && after !== null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<CampaignPage>(`/api/campaigns${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, {
        signal,
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** POST /api/campaigns: the campaign as it starts (its page then follows it). */
export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) =>
      apiFetch<CampaignView>("/api/campaigns", { method: "POST", json: input }),
    onSuccess: (view) => {
      client.setQueryData(queryKeys.campaign(view.id), view);
      void client.invalidateQueries({ queryKey: queryKeys.campaigns });
    },
  });
}

/**
 * What the campaign would make (POST /api/campaigns/estimate), asked once the choices rest for a
 * moment; the last answer stays on screen while the next one is asked. `input` null asks nothing.
 * `current`: the answer is for the choices as they are now, not an earlier set's.
 */
export function useCampaignEstimate(input: CreateCampaignInput | null) {
  const body = input ? JSON.stringify(input) : null;
  const [settled, setSettled] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body]);
  const query = useQuery({
    queryKey: queryKeys.campaignEstimate(settled ?? ""),
    queryFn: ({ signal }) =>
      apiFetch<CampaignEstimate>("/api/campaigns/estimate", {
        method: "POST",
        body: settled!,
        headers: { "content-type": "application/json" },
        signal,
      }),
    enabled: settled !== null && settled === body,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refusal (400) says what is wrong with the choices: asking again would not change it.
    retry: false,
  });
  const current = body !== null && settled === body && !query.isPlaceholderData && query.isSuccess;
  return { ...query, current };
}

/** Pause, resume, cancel or retry the failed shots: the answer is the campaign as it now stands. */
export function useCampaignAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      apiFetch<CampaignView>(`/api/campaigns/${encodeURIComponent(id)}/${action}`, { method: "POST" }),
    onSuccess: (view) => {
      client.setQueryData(queryKeys.campaign(id), view);
      void client.invalidateQueries({ queryKey: queryKeys.campaigns });
    },
  });
}
