"use client";

import { useHydrated } from "@/hooks/use-hydrated";
import { formatClockTime, formatDateTime } from "@/lib/format";

/**
 * A date and time in the reader's own time zone. The server cannot know that zone: the page's HTML
 * (and the browser's hydration of it) says it in UTC, then the browser rewrites it.
 */
export function LocalDateTime({ value }: { value: Date | string | null | undefined }) {
  return (
    <>{useHydrated() ? formatDateTime(value) : `${formatDateTime(value, { locale: "en-US", timeZone: "UTC" })} UTC`}</>
  );
}

/** A time of day in the reader's own time zone, said in UTC until the browser takes over (as above). */
export function LocalClockTime({ value }: { value: Date | number | null | undefined }) {
  return (
    <>
      {useHydrated() ? formatClockTime(value) : `${formatClockTime(value, { locale: "en-US", timeZone: "UTC" })} UTC`}
    </>
  );
}
