// A live-update stream (GET /api/events) of an app instance, read as a browser's EventSource reads it.
import { readFrames, type Frame } from "@/lib/events/testing/frames";

export type { Frame };

export interface EventStream {
  frames: Frame[];
  /** Its comments (the heartbeats), as they came. */
  comments: string[];
  /** The first frame (from `from` on) that `match` accepts, waited for up to `timeoutMs`. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number, from?: number): Promise<Frame>;
  /** Settles when the stream ends: closed by the instance, cut, or closed here. */
  ended: Promise<void>;
  close(): Promise<void>;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<{ response: Response; stream: EventStream }> {
  const aborts = new AbortController();
  const response = await fetch(url, { headers, signal: aborts.signal });
  const frames: Frame[] = [];
  const comments: string[] = [];
  const reader = readFrames(
    response.body,
    (frame) => frames.push(frame),
    (comment) => comments.push(comment),
  );
  return {
    response,
    stream: {
      frames,
      comments,
      ended: reader.done,
      async next(match, timeoutMs = 60_000, from = 0) {
        for (let waited = 0; waited < timeoutMs; waited += 50) {
          const found = frames.slice(from).find(match);
          if (found) return found;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`no such event within ${timeoutMs} ms; had ${JSON.stringify(frames.map((f) => f.event))}`);
      },
      async close() {
        aborts.abort();
        await reader.done;
      },
    },
  };
}
