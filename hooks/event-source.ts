"use client";

import type { LiveEventKind } from "@/lib/api-types";
import type { StreamState } from "./live-stream-state";

// Opening GET /api/events, for the one tab of the browser that holds the stream (live-stream-share.ts).

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

/** What a stream tells whoever holds it: each event (with its id), and whether it is up. */
export interface StreamHandlers {
  event(kind: LiveEventKind, data: string, id: string | null): void;
  state(state: StreamState): void;
}

/**
 * Opens GET /api/events from `lastId` on. The browser reconnects by itself after a dropped
 * connection (sending Last-Event-ID); after a refusal (a 401, a 429, a restart) it is opened again
 * here, later each time, from the last id seen. Answers a function that closes it.
 */
export function openEventStream(lastId: string | null, on: StreamHandlers): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let wait = FIRST_RETRY_MS;
  const open = () => {
    retry = null;
    source = new EventSource(lastId ? `/api/events?last_event_id=${encodeURIComponent(lastId)}` : "/api/events");
    for (const kind of KINDS) {
      source.addEventListener(kind, (message) => {
        const { data, lastEventId } = message as MessageEvent<string>;
        if (lastEventId) lastId = lastEventId;
        if (kind === "ready") {
          wait = FIRST_RETRY_MS;
          on.state("up");
        }
        on.event(kind, data, lastEventId || null);
      });
    }
    source.onerror = () => {
      on.state("down");
      if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
      source.close();
      retry = setTimeout(open, wait);
      wait = Math.min(LONGEST_RETRY_MS, wait * 2);
    };
  };
  open();
  return () => {
    source?.close();
    if (retry) clearTimeout(retry);
  };
}
