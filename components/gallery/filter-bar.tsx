"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useProductOptions } from "@/hooks/use-products";
import { REVIEW_FILTERS, type ReviewFilter } from "@/lib/schemas/gallery-query";
import { RatioChips } from "./ratio-chips";
import { SearchBox } from "./search-box";
import type { GalleryFilters } from "./use-gallery-query";

const SELECT = "block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs";
const LABEL = "mb-1 block text-sm font-medium text-zinc-800";
const REVIEW_LABELS: Record<ReviewFilter, string> = { unreviewed: "Unreviewed", approved: "Approved", rejected: "Rejected", starred: "Starred" };

/** Find: prompt search always in sight; the other filters fold into a "Filters" disclosure on a phone. */
export function FilterBar({
  filters,
  onChange,
  onClear,
  filtered,
}: {
  filters: GalleryFilters;
  onChange: (patch: Partial<GalleryFilters>) => void;
  onClear: () => void;
  filtered: boolean;
}) {
  const [open, setOpen] = useState(false);
  const products = useProductOptions();
  return (
    <div role="search" aria-label="Find product shots" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 shadow-xs">
      <div className="flex gap-2">
        <SearchBox value={filters.q ?? ""} onSearch={(q) => onChange({ q })} />
        <Button type="button" variant="secondary" className="sm:hidden" aria-expanded={open} aria-controls="gallery-filters" onClick={() => setOpen((o) => !o)}>
          Filters
        </Button>
        {filtered && (
          // A wrapper hides it on a phone: the button's own inline-flex would win over "hidden".
          <div className="hidden sm:block">
            <Button type="button" variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
      <div id="gallery-filters" className={`${open ? "grid" : "hidden"} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-5`}>
        <div>
          <label htmlFor="filter-product" className={LABEL}>Product</label>
          <select id="filter-product" className={SELECT} value={filters.product_id ?? ""} onChange={(e) => onChange({ product_id: e.target.value || undefined })}>
            <option value="">All products</option>
            {filters.product_id && !products.data?.some((p) => p.id === filters.product_id) && (
              <option value={filters.product_id}>This product</option>
            )}
            {products.data?.map((p) => (
              <option key={p.id} value={p.id}>{p.name ?? p.id}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className={LABEL}>From</label>
          <input id="filter-from" type="date" className={SELECT} value={filters.from?.slice(0, 10) ?? ""} max={filters.to?.slice(0, 10)} onChange={(e) => onChange({ from: e.target.value || undefined })} />
        </div>
        <div>
          <label htmlFor="filter-to" className={LABEL}>To</label>
          <input id="filter-to" type="date" className={SELECT} value={filters.to?.slice(0, 10) ?? ""} min={filters.from?.slice(0, 10)} onChange={(e) => onChange({ to: e.target.value || undefined })} />
        </div>
        <div>
          <label htmlFor="filter-review" className={LABEL}>Review state</label>
          <select id="filter-review" className={SELECT} value={filters.review ?? ""} onChange={(e) => onChange({ review: (e.target.value || undefined) as ReviewFilter | undefined })}>
            <option value="">All</option>
            {REVIEW_FILTERS.map((r) => (
              <option key={r} value={r}>{REVIEW_LABELS[r]}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort" className={LABEL}>Sort</label>
          <select id="filter-sort" className={SELECT} value={filters.sort} onChange={(e) => onChange({ sort: e.target.value === "oldest" ? "oldest" : "newest" })}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </div>
        <div className="sm:col-span-2 lg:col-span-5">
          <RatioChips value={filters.aspect_ratio ?? []} onChange={(aspect_ratio) => onChange({ aspect_ratio: aspect_ratio.length ? aspect_ratio : undefined })} />
        </div>
        {filtered && (
          <Button type="button" variant="secondary" className="sm:hidden" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
