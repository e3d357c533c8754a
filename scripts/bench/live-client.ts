// A raw event-stream client of GET /api/events, as a browser's EventSource reads it: when each
// prediction's `shots.ready` arrived. The live and detection sections both hold such clients.
import { readFrames } from "../../lib/events/testing/frames";
import type { BenchContext } from "./context";

export interface LiveClient {
  /** When each prediction's `shots.ready` arrived, by id. */
  told: Map<string, number>;
  close(): void;
}

export async function openLiveClient(ctx: BenchContext): Promise<LiveClient> {
  const aborts = new AbortController();
  const response = await fetch(`${ctx.appUrl}/api/events`, { headers: { cookie: ctx.cookie }, signal: aborts.signal });
  if (response.status !== 200) throw new Error(`event stream: HTTP ${response.status}`);
  const told = new Map<string, number>();
  readFrames(response.body, (frame) => {
    const id = frame.event === "shots.ready" ? (frame.data.prediction_id as string | undefined) : undefined;
    if (id && !told.has(id)) told.set(id, Date.now());
  });
  return { told, close: () => aborts.abort() };
}
