"use client";

import type { LiveEventKind } from "@/lib/api-types";
import { openEventStream, type StreamHandlers } from "./event-source";
import { streamState, type StreamState } from "./live-stream-state";

// One live stream per browser, not per tab. Over HTTP/1.1 a browser opens at most six connections
// to a site and every open stream holds one, so with six tabs of the app a seventh could load
// nothing. The tabs elect one of them (Web Locks) to hold the stream and hand each event to the
// others (BroadcastChannel); when that tab closes, its lock goes to another tab, which opens the
// stream again from the last event id any tab saw, so nothing is missed in between. A browser
// without either API gives each tab a stream of its own.

const LOCK = "product-studio-live-stream";
const CHANNEL = "product-studio-live";

type Message =
  | { type: "event"; kind: LiveEventKind; data: string; id: string | null }
  | { type: "state"; state: StreamState }
  /** A tab just opened: the holder says where the stream stands. */
  | { type: "hello" };

/** Feeds `on` with the browser's one stream, held here or in another tab. Answers a stop function. */
export function shareStream(on: StreamHandlers): () => void {
  if (typeof BroadcastChannel === "undefined" || !("locks" in navigator)) return openEventStream(null, on);
  const channel = new BroadcastChannel(CHANNEL);
  let lastId: string | null = null;
  let holding = false;
  let closeStream: (() => void) | null = null;

  channel.onmessage = ({ data: message }: MessageEvent<Message>) => {
    if (message.type === "event") {
      if (message.id) lastId = message.id;
      on.event(message.kind, message.data, message.id);
    } else if (message.type === "state") on.state(message.state);
    else if (message.type === "hello" && holding) channel.postMessage({ type: "state", state: streamState() });
  };

  const abort = new AbortController();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  navigator.locks
    .request(LOCK, { signal: abort.signal }, async () => {
      holding = true;
      closeStream = openEventStream(lastId, {
        event(kind, data, id) {
          if (id) lastId = id;
          on.event(kind, data, id);
          channel.postMessage({ type: "event", kind, data, id } satisfies Message);
        },
        state(state) {
          on.state(state);
          channel.postMessage({ type: "state", state } satisfies Message);
        },
      });
      await released;
    })
    .catch(() => undefined); // stopped while waiting for the lock
  channel.postMessage({ type: "hello" } satisfies Message);

  return () => {
    abort.abort();
    closeStream?.();
    if (holding) channel.postMessage({ type: "state", state: "connecting" } satisfies Message);
    release();
    channel.close();
  };
}
