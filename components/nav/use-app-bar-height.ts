"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";

// The app bar's height, for what floats at the top of the window (the messages, components/ui/
// toast.tsx) to start below it. It is kept here and read by the messages alone, not set as a CSS
// variable on the page's root: a custom property is inherited, so changing it on the root restyled
// every element of the page just after it was hydrated (on the usage page, one 43 ms style
// recalculation of 703 elements, unthrottled; four times that in Lighthouse's phone).

let height = 0;
const listeners = new Set<() => void>();

function setHeight(px: number) {
  if (px === height) return;
  height = px;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Measures the element the ref is put on as its height changes (a wrapped bar, the phone's menu
 * opened). The observer reports after the browser's own layout, so nothing is measured by force.
 */
export function useAppBarHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setHeight(Math.round(entry.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight)),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setHeight(0);
    };
  }, []);
  return ref;
}

/** The app bar's height in pixels (0 where there is none, and on the server). */
export function useAppBarHeightValue(): number {
  return useSyncExternalStore(
    subscribe,
    () => height,
    () => 0,
  );
}
