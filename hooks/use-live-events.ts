"use client";

import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { LiveEvent, LiveEventKind } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { setStreamState, streamState, type StreamState } from "./live-stream-state";
import { shareStream } from "./live-stream-share";
import { patchGalleryPages } from "./use-gallery";
import { upsertIntoList } from "./use-predictions";

// The live-update stream (GET /api/events), one per browser and shared by its tabs
// (live-stream-share.ts): each event patches or refreshes the react-query caches it concerns, so
// the polling hooks can stay quiet while it is up.

/** What one event changes in the page's caches. */
export function applyLiveEvent(client: QueryClient, event: LiveEvent, me: string | null = null): void {
  const refresh = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  switch (event.kind) {
    case "ready":
      return;
    case "reload":
      // More was missed than the stream replays: everything on the page loads again.
      return void client.invalidateQueries();
    case "shots.ready":
      if (event.prediction) {
        client.setQueryData(queryKeys.prediction(event.prediction_id), event.prediction);
        upsertIntoList(client, event.prediction);
        patchGalleryPages(client, event.prediction);
      } else refresh(queryKeys.prediction(event.prediction_id));
      // Lists filtered and counted on the server (the queue, the gallery's views) load again.
      refresh(queryKeys.predictions);
      refresh(queryKeys.gallery);
      refresh(queryKeys.reviewQueue);
      refresh(queryKeys.reviewSummary);
      if (event.campaign_id) refresh(queryKeys.campaign(event.campaign_id));
      return;
    case "training.finished":
      refresh(queryKeys.product(event.product_id));
      refresh(queryKeys.products);
      refresh(["templates"]);
      return;
    case "review.changed":
      // One's own review: the page that made it has already moved on and refreshed what it shows;
      // a second refresh landing mid-review would only reshuffle the queue under the person.
      if (me !== null && event.by_user_id === me) return;
      refresh(queryKeys.reviews(event.prediction_id));
      refresh(queryKeys.reviewQueue);
      refresh(queryKeys.reviewSummary);
      refresh(queryKeys.gallery);
      return;
    case "campaign.changed":
      refresh(queryKeys.campaign(event.campaign_id));
      refresh(queryKeys.campaigns);
      return;
    case "notification":
      refresh(queryKeys.notifications);
      return;
  }
}

/** Every polling query asks its refetchInterval again: polling stops or comes back at once. */
function repace(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    for (const observer of query.observers) observer.setOptions(observer.options);
  }
}

export function useLiveEvents(me: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const set = (next: StreamState) => {
      if (streamState() === next) return;
      setStreamState(next);
      repace(client);
    };
    // The stream says itself when it is up (its `ready` event) or down: see event-source.ts.
    const receive = (kind: LiveEventKind, data: string) => {
      applyLiveEvent(client, { ...(JSON.parse(data || "{}") as object), kind } as LiveEvent, me);
    };
    set("connecting");
    const stop = shareStream({ event: receive, state: set });
    return () => {
      stop();
      set("off");
    };
  }, [client, me]);
}
