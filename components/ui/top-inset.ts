"use client";

import { useSyncExternalStore } from "react";

// How much of the window's top the app bar takes (measured by
// components/nav/use-app-bar-height.ts), for what floats there (the messages, toast.tsx) to start
// below it. Kept here and read by the messages alone, not set as a CSS variable on the page's
// root: a custom property is inherited, so changing it on the root restyled every element of the
// page just after it was hydrated (on the usage page, one 43 ms style recalculation of 703
// elements, unthrottled; four times that in Lighthouse's phone).

let inset = 0;
const listeners = new Set<() => void>();

export function setTopInset(px: number) {
  if (px === inset) return;
  inset = px;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app bar's height in pixels (0 where there is none, and on the server). */
export function useTopInset(): number {
  return useSyncExternalStore(
    subscribe,
    () => inset,
    () => 0,
  );
}
