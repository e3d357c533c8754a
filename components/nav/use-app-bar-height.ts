"use client";

import { useEffect, useRef } from "react";
import { setTopInset } from "@/components/ui/top-inset";

/**
 * Measures the element the ref is put on as its height changes (a wrapped bar, the phone's menu
 * opened), for the messages to start below it (components/ui/top-inset.ts). The observer reports
 * after the browser's own layout, so nothing is measured by force.
 */
export function useAppBarHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setTopInset(Math.round(entry.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight)),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setTopInset(0);
    };
  }, []);
  return ref;
}
