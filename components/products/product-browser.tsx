"use client";

import Link from "next/link";
import { useCallback, useMemo } from "react";
import { GALLERY_MIN_COLUMNS } from "@/components/gallery/grid-geometry";
import { VirtualGrid } from "@/components/gallery/virtual-grid";
import { Button, buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/hooks/use-hydrated";
import { useProductPages, type FirstProductPage } from "@/hooks/use-products";
import { productSearchParams, type ProductListView } from "@/lib/schemas/product-params";
import { ProductCard, PRODUCT_CAPTION_PX } from "./product-card";
import { ProductFilters } from "./product-filters";
import { ProductSelectionBar } from "./product-selection-bar";
import { SelectMatchingButton } from "./select-matching-button";
import { useProductFilters } from "./use-product-filters";
import { useProductSelection } from "./use-product-selection";

/**
 * The Products page: find (filters in the URL) and a virtualized grid of every matching product;
 * for people who may start one, choose products (or every match of the filter) for a campaign.
 */
export function ProductBrowser({
  canCreate,
  view,
  first,
}: {
  canCreate: boolean;
  view: ProductListView;
  first: FirstProductPage | null;
}) {
  const { filters, setFilters, clearFilters, filtered, invalid } = useProductFilters(view);
  const pages = useProductPages(filters, first);
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const selection = useProductSelection();
  const { toggle } = selection;
  // Checkboxes once the page runs: one ticked before then would be unticked by hydration.
  const hydrated = useHydrated();
  const onSelect = canCreate && hydrated ? toggle : undefined;

  return (
    <div className="space-y-4">
      <ProductFilters filters={filters} onChange={setFilters} onClear={clearFilters} filtered={filtered} />
      {invalid && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This link&apos;s filters could not be read ({invalid}); showing every product.
        </p>
      )}
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-zinc-800" aria-live="polite">
          {pages.isSuccess ? `${total.toLocaleString("en-US")} ${total === 1 ? "product" : "products"}` : "\u00a0"}
        </p>
        {canCreate && pages.isSuccess && total > 1 && (
          <SelectMatchingButton
            filter={productSearchParams(filters).toString()}
            total={total}
            filtered={filtered}
            onSelect={selection.selectMatching}
          />
        )}
      </div>
      {pages.isPending ? (
        <div role="status" aria-label="Loading products" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none" />
          ))}
        </div>
      ) : pages.isError ? (
        <div role="alert" className="space-y-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>Products could not be loaded: {pages.error.message}</p>
          <Button type="button" variant="secondary" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="space-y-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-10 text-center">
          <p className="text-zinc-700">{filtered ? "No products match these filters." : "No products yet."}</p>
          {filtered ? (
            <Button type="button" variant="secondary" onClick={clearFilters}>
              Clear filters
            </Button>
          ) : (
            canCreate && (
              <Link prefetch={false} href="/products/new" className={buttonClass("primary")}>
                New product
              </Link>
            )
          )}
        </div>
      ) : (
        <VirtualGrid
          items={items}
          total={total}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          loadMore={loadMore}
          label="Products"
          captionPx={PRODUCT_CAPTION_PX}
          minColumns={GALLERY_MIN_COLUMNS}
          renderItem={(product, index, layout) => (
            <ProductCard
              product={product}
              eager={index < layout.columns * 2}
              selected={selection.has(product.id)}
              onSelect={onSelect}
            />
          )}
        />
      )}
      {canCreate && <ProductSelectionBar selection={selection} />}
    </div>
  );
}
