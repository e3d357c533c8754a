"use client";

import { useCallback, useRef, useState } from "react";

/** How far below the screen the next cards are drawn, so scrolling never meets an empty end. */
const AHEAD = "1200px 0px";

/**
 * How many of a long list's items to draw: `first` at once, `step` more each time a sentinel
 * (placed after the drawn ones) comes within reach of the screen. A page with 60 cards then
 * builds and hydrates a screenful or two, and the rest as the person scrolls.
 */
export function useShownCount(first: number, step: number) {
  const [shown, setShown] = useState(first);
  const observer = useRef<IntersectionObserver | null>(null);
  const sentinel = useCallback(
    (node: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) setShown((n) => n + step);
        },
        { rootMargin: AHEAD },
      );
      observer.current.observe(node);
    },
    [step],
  );
  return { shown, sentinel };
}
