"use client";

import { useEffect, type RefObject } from "react";

/** While `open`, a press anywhere outside `ref` calls `close`, as any menu or popover does. */
export function usePressOutside(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [ref, open, close]);
}
