"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true after: what depends
 * on the browser alone (its clock, its time zone) waits for it, so both renders agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
