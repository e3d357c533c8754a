"use client";

import { useSyncExternalStore } from "react";

// Whether this page's live-update stream (GET /api/events) is up, shared by every polling hook:
// while it is up they do not poll (the stream tells them what changed); while it is down they poll,
// slower than they would on their own; on a page without the stream ("off") they poll as before.

export type StreamState = "off" | "connecting" | "up" | "down";

let state: StreamState = "off";
const listeners = new Set<() => void>();

export function streamState(): StreamState {
  return state;
}

export function setStreamState(next: StreamState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function onStreamState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStreamState(): StreamState {
  return useSyncExternalStore(onStreamState, streamState, () => "off");
}

/** The slowest a down stream makes a poll no faster than. */
const DOWN_MIN_MS = 2_000;

/**
 * A polling hook's refetchInterval through the stream's state: none while it is up, slower while
 * it is connecting or down (at least DOWN_MIN_MS, twice the hook's own), as asked without it.
 */
export function livePoll(ms: number | false | null | undefined): number | false {
  if (ms === false || ms === null || ms === undefined) return false;
  switch (state) {
    case "up":
      return false;
    case "off":
      return ms;
    default:
      return Math.max(ms * 2, DOWN_MIN_MS);
  }
}
