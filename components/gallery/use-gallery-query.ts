"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { gallerySearchParams, galleryQuerySchema, GALLERY_QUERY_KEYS, type GalleryQuery } from "@/lib/schemas/gallery-query";

export type GalleryFilters = Omit<GalleryQuery, "limit" | "cursor">;

const DEFAULT_FILTERS: GalleryFilters = { sort: "newest" };

/**
 * The gallery's view state lives in the page URL (the same keys as GET /api/predictions), so a
 * reload or a shared link restores it. A URL that does not parse shows the whole gallery instead.
 */
export function useGalleryQuery() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const search = params.toString();

  const { filters, invalid } = useMemo(() => {
    const raw: Record<string, string> = {};
    const parsed = new URLSearchParams(search);
    for (const key of GALLERY_QUERY_KEYS) {
      const value = parsed.get(key);
      if (value !== null && key !== "cursor" && key !== "limit") raw[key] = value;
    }
    const result = galleryQuerySchema.safeParse(raw);
    return result.success
      ? { filters: result.data as GalleryFilters, invalid: null }
      : { filters: DEFAULT_FILTERS, invalid: result.error.issues[0]?.message ?? "This link's filters are not valid." };
  }, [search]);

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
