"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

/**
 * For the islands of a page drawn on the server: after a change, the server draws the page again.
 * `refreshing` holds until the new drawing has arrived, so an island can keep showing what it sent
 * instead of flashing back to the old value in between.
 */
export function useServerRefresh(): { refresh: () => void; refreshing: boolean } {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  return { refresh: () => startTransition(() => router.refresh()), refreshing };
}
