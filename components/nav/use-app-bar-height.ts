"use client";

import { useLayoutEffect, useRef } from "react";

/** The CSS variable holding the app bar's height; messages (components/ui/toast.tsx) start below it. */
export const APP_BAR_HEIGHT = "--app-bar-height";

/**
 * Keeps `--app-bar-height` on the page's root at the height of the element the ref is put on, as
 * it changes (a wrapped bar, the phone's menu opened), so what floats at the top can leave the bar
 * (its bell and Menu) uncovered.
 */
export function useAppBarHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(APP_BAR_HEIGHT, `${element.offsetHeight}px`));
    observer.observe(element);
    root.style.setProperty(APP_BAR_HEIGHT, `${element.offsetHeight}px`);
    return () => {
      observer.disconnect();
      root.style.removeProperty(APP_BAR_HEIGHT);
    };
  }, []);
  return ref;
}
