"use client";

import { useEffect, useState } from "react";

// Same as components/lora/use-now.ts; kept separate while both features are written in parallel.
/** The current time, re-read every `everyMs`, for elapsed timers. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
