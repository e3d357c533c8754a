"use client";

import { useSyncExternalStore } from "react";
import { ApiError } from "./api-fetch";

// Which part of the studio is away, as the browser last learned it: set when an answer is a 503
// (the database or the image service cannot be reached, or the instance restarts), then asked of
// GET /api/health every 10 s until everything answers again. Pages keep what they have meanwhile.

export type Outage = { database: boolean; service: boolean } | null;

const HEALTH_EVERY_MS = 10_000;
let outage: Outage = null;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(next: Outage) {
  outage = next;
  for (const listener of listeners) listener();
}

async function check() {
  timer = null;
  try {
    const health = (await (await fetch("/api/health", { cache: "no-store" })).json()) as {
      database?: string;
      service?: string;
    };
    const next = { database: health.database === "down", service: health.service === "down" };
    set(next.database || next.service ? next : null);
  } catch {
    // This instance itself is away (restarting): keep saying so.
  }
  if (outage) timer = setTimeout(() => void check(), HEALTH_EVERY_MS);
}

/** Called for every failed request of react-query: a 503 starts watching health. */
export function noteFailure(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 503 || timer) return;
  if (!outage) set({ database: false, service: false });
  void check();
}

export function useOutage(): Outage {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outage,
    () => null,
  );
}
