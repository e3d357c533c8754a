"use client";

import { usePathname, useRouter } from "next/navigation";
import { useCallback } from "react";
import { gallerySearchParams, type GalleryFilters, type GalleryView } from "@/lib/schemas/gallery-params";

export type { GalleryFilters };

/**
 * The gallery's view state lives in the page URL (the same keys as GET /api/predictions), so a
 * reload or a shared link restores it. The page reads the URL on the server (`view`: its schema
 * stays out of the browser's scripts); a change replaces the URL, and the server reads it again.
 */
export function useGalleryQuery(view: GalleryView) {
  const router = useRouter();
  const pathname = usePathname();
  const { filters, invalid } = view;

  const setFilters = useCallback(
    (patch: Partial<GalleryFilters>) => {
      const next = gallerySearchParams({ ...filters, ...patch }).toString();
      router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
    },
    [filters, pathname, router],
  );
  const clearFilters = useCallback(() => router.replace(pathname, { scroll: false }), [pathname, router]);
  const filtered = gallerySearchParams({ ...filters, sort: "newest" }).toString() !== "";

  return { filters, setFilters, clearFilters, filtered, invalid };
}
