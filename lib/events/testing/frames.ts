import { createParser } from "eventsource-parser";

// A live-update stream (GET /api/events) read as a browser's EventSource reads it, for tests and
// the bench: frames parsed by eventsource-parser as they arrive, each with its id, event name and
// JSON data. Comments (the heartbeats) are not frames; `onComment` is handed them apart.

export interface Frame {
  id: number | null;
  event: string;
  data: Record<string, unknown>;
}

export interface FrameReader {
  /** Settles when the stream ends, is cancelled or fails. */
  done: Promise<void>;
  /** Stops reading (the server sees the connection close) and waits for the reader to end. */
  cancel(): Promise<void>;
}

/** Reads `body` as it arrives, handing each frame to `onFrame`, until it ends or is cancelled. */
export function readFrames(
  body: ReadableStream<Uint8Array> | null | undefined,
  onFrame: (frame: Frame) => void,
  onComment?: (comment: string) => void,
): FrameReader {
  if (!body) return { done: Promise.resolve(), cancel: () => Promise.resolve() };
  const parser = createParser({
    onEvent(event) {
      if (!event.event) return;
      onFrame({
        id: event.id === undefined ? null : Number(event.id),
        event: event.event,
        data: JSON.parse(event.data || "{}") as Record<string, unknown>,
      });
    },
    onComment,
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (ended) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  })();
  return {
    done,
    async cancel() {
      await reader.cancel().catch(() => undefined);
      await done;
    },
  };
}
