"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { gallerySearchParams, type GalleryFilters } from "@/lib/schemas/gallery-params";
import { galleryFiltersFromSearch } from "@/lib/schemas/gallery-query";

export type { GalleryFilters };

/**
 * The gallery's view state lives in the page URL (the same keys as GET /api/predictions), so a
 * reload or a shared link restores it. A URL that does not parse shows the whole gallery instead.
 */
export function useGalleryQuery() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const search = params.toString();

  const { filters, invalid } = useMemo(() => galleryFiltersFromSearch(search), [search]);

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
