"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";
import { productSearchParams, type ProductFilters, type ProductListView } from "@/lib/schemas/product-params";

export type { ProductFilters };

/**
 * The Products page's view state lives in its URL (the same keys as GET /api/products), so a
 * reload or a shared link restores it. The page reads the URL on the server (`view`: its schema
 * stays out of the browser's scripts); a change here writes the URL in place, and a link to the
 * page with other filters is read by the server again.
 */
export function useProductFilters(view: ProductListView) {
  const search = useSearchParams().toString();
  const pathname = usePathname();
  const [shown, setShown] = useState(view);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    // The URL changed to the page's server view (a link here), not to what was chosen here.
    if (search === view.search && shown.search !== search) setShown(view);
  }
  const { filters, invalid } = shown;

  // The URL changes in place (Next keeps useSearchParams in step with history.replaceState): the
  // list fetches its own pages, so asking the server to draw the page again would be wasted.
  const show = useCallback(
    (next: ProductFilters) => {
      const params = productSearchParams(next).toString();
      setShown({ search: params, filters: next, invalid: null });
      window.history.replaceState(null, "", params ? `${pathname}?${params}` : pathname);
    },
    [pathname],
  );
  const setFilters = useCallback((patch: Partial<ProductFilters>) => show({ ...filters, ...patch }), [filters, show]);
  const clearFilters = useCallback(() => show({ sort: "newest" }), [show]);
  const filtered = productSearchParams({ ...filters, sort: "newest" }).toString() !== "";

  return { filters, setFilters, clearFilters, filtered, invalid };
}
