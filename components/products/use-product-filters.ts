"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { PRODUCT_QUERY_KEYS, productSearchParams } from "@/lib/schemas/product-params";
import { productQuerySchema, type ProductQuery } from "@/lib/schemas/product-query";

export type ProductFilters = Omit<ProductQuery, "limit" | "cursor">;

const DEFAULT_FILTERS: ProductFilters = { sort: "newest" };

/**
 * The Products page's view state lives in its URL (the same keys as GET /api/products), so a
 * reload or a shared link restores it. A URL that does not parse shows every product instead.
 */
export function useProductFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const search = params.toString();

  const { filters, invalid } = useMemo(() => {
    const raw: Record<string, string> = {};
    const parsed = new URLSearchParams(search);
    for (const key of PRODUCT_QUERY_KEYS) {
      const value = parsed.get(key);
      if (value !== null && key !== "cursor" && key !== "limit") raw[key] = value;
    }
    const result = productQuerySchema.safeParse(raw);
    return result.success
      ? { filters: result.data as ProductFilters, invalid: null }
      : { filters: DEFAULT_FILTERS, invalid: result.error.issues[0]?.message ?? "This link's filters are not valid." };
  }, [search]);

  // The URL changes in place (Next keeps useSearchParams in step with history.replaceState): the
  // list fetches its own pages, so asking the server to draw the page again would be wasted.
  const setFilters = useCallback(
    (patch: Partial<ProductFilters>) => {
      const next = productSearchParams({ ...filters, ...patch }).toString();
      window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
    },
    [filters, pathname],
  );
  const clearFilters = useCallback(() => window.history.replaceState(null, "", pathname), [pathname]);
  const filtered = productSearchParams({ ...filters, sort: "newest" }).toString() !== "";

  return { filters, setFilters, clearFilters, filtered, invalid };
}
