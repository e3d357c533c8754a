"use client";

import { useEffect, useRef } from "react";

/** Keys typed into a field belong to the field, never to the queue. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * A / R / S / → on the whole page, while `enabled`. Modified keys (Ctrl+R, Cmd+S…) stay the
 * browser's, and nothing is taken while typing a comment.
 */
export function useReviewShortcuts(enabled: boolean, handlers: Record<"a" | "r" | "s" | "ArrowRight", () => void>) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      const key = event.key === "ArrowRight" ? event.key : event.key.toLowerCase();
      if (key !== "a" && key !== "r" && key !== "s" && key !== "ArrowRight") return;
      event.preventDefault();
      latest.current[key]();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
