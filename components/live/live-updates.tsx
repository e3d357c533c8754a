"use client";

import { useStreamState } from "@/hooks/live-stream-state";
import { useLiveEvents } from "@/hooks/use-live-events";

/**
 * The signed-in pages' live updates: one stream per page. While it is down the page says so,
 * quietly, and its lists ask the server themselves (more slowly) until it is back.
 */
export function LiveUpdates({ userId }: { userId: string }) {
  useLiveEvents(userId);
  const state = useStreamState();
  return (
    // data-live: the stream's state, for the journeys that wait for it.
    <div role="status" data-live={state} className="pointer-events-none fixed right-4 bottom-4 z-40">
      {state === "down" ? (
        <span className="rounded-full bg-slate-800 px-3 py-1.5 text-xs text-white shadow">
          Reconnecting… (updates may be a little late)
        </span>
      ) : null}
    </div>
  );
}
