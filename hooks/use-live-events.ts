"use client";

import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { LiveEvent, LiveEventKind } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { setStreamState, streamState, type StreamState } from "./live-stream-state";
import { patchGalleryPages } from "./use-gallery";
import { upsertIntoList } from "./use-predictions";

// The page's one live-update stream (GET /api/events): each event patches or refreshes the
// react-query caches it concerns, so the polling hooks can stay quiet while it is up. The browser
// reconnects by itself after a dropped connection (sending Last-Event-ID); after a refusal (a 401,
// a 429, a restart) this hook opens a new stream itself, later each time, resuming from the last id.

const KINDS: readonly LiveEventKind[] = [
  "ready",
  "reload",
  "shots.ready",
  "training.finished",
  "review.changed",
  "campaign.changed",
  "notification",
];
const FIRST_RETRY_MS = 3_000;
const LONGEST_RETRY_MS = 60_000;

/** What one event changes in the page's caches. */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
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

export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let wait = FIRST_RETRY_MS;
    let lastId: string | null = null;
    const set = (next: StreamState) => {
      if (streamState() === next) return;
      setStreamState(next);
      repace(client);
    };
    const open = () => {
      retry = null;
      source = new EventSource(lastId ? `/api/events?last_event_id=${encodeURIComponent(lastId)}` : "/api/events");
      for (const kind of KINDS) {
        source.addEventListener(kind, (message) => {
          const { data, lastEventId } = message as MessageEvent<string>;
          if (lastEventId) lastId = lastEventId;
          if (kind === "ready") {
            wait = FIRST_RETRY_MS;
            set("up");
          }
          applyLiveEvent(client, { ...(JSON.parse(data || "{}") as object), kind } as LiveEvent);
        });
      }
      source.onerror = () => {
        set("down");
        if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        source.close();
        retry = setTimeout(open, wait);
        wait = Math.min(LONGEST_RETRY_MS, wait * 2);
      };
    };
    set("connecting");
    open();
    return () => {
      source?.close();
      if (retry) clearTimeout(retry);
      set("off");
    };
  }, [client]);
}
