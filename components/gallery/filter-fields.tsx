"use client";

import { useId } from "react";
import { useProductOptions } from "@/hooks/use-products";
import { REVIEW_FILTERS, type ReviewFilter } from "@/lib/schemas/gallery-params";
import { RatioChips } from "./ratio-chips";
import type { GalleryFilters } from "./use-gallery-query";
import { isoDay } from "@/lib/format";

const SELECT = "block min-h-11 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs";
const LABEL = "mb-1 block text-sm font-medium text-zinc-800";
const REVIEW_LABELS: Record<ReviewFilter, string> = {
  unreviewed: "Unreviewed",
  approved: "Approved",
  rejected: "Rejected",
  starred: "Starred",
};

/** How many of these filters are on (the prompt search is in sight on its own; sort is not a filter). */
export function filtersOn(filters: GalleryFilters): number {
  return [filters.product_id, filters.from, filters.to, filters.review, filters.aspect_ratio?.length].filter(Boolean)
    .length;
}

/** Product, dates, review state, sort and ratio: inline on a laptop, in the bottom sheet on a phone. */
export function FilterFields({
  filters,
  onChange,
  className,
}: {
  filters: GalleryFilters;
  onChange: (patch: Partial<GalleryFilters>) => void;
  className: string;
}) {
  const id = useId();
  const products = useProductOptions();
  return (
    <div className={className}>
      <div>
        <label htmlFor={`${id}-product`} className={LABEL}>
          Product
        </label>
        <select
          id={`${id}-product`}
          className={SELECT}
          value={filters.product_id ?? ""}
          onChange={(e) => onChange({ product_id: e.target.value || undefined })}
        >
          <option value="">All products</option>
          {filters.product_id && !products.data?.some((p) => p.id === filters.product_id) && (
            <option value={filters.product_id}>This product</option>
          )}
          {products.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name ?? "Product made outside this app"}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={LABEL}>
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={SELECT}
          value={filters.from ? isoDay(filters.from) : ""}
          max={filters.to ? isoDay(filters.to) : undefined}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={LABEL}>
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={SELECT}
          value={filters.to ? isoDay(filters.to) : ""}
          min={filters.from ? isoDay(filters.from) : undefined}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-review`} className={LABEL}>
          Review state
        </label>
        <select
          id={`${id}-review`}
          className={SELECT}
          value={filters.review ?? ""}
          onChange={(e) => onChange({ review: (e.target.value || undefined) as ReviewFilter | undefined })}
        >
          <option value="">All</option>
          {REVIEW_FILTERS.map((r) => (
            <option key={r} value={r}>
              {REVIEW_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className={LABEL}>
          Sort
        </label>
        <select
          id={`${id}-sort`}
          className={SELECT}
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value === "oldest" ? "oldest" : "newest" })}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </div>
      <div className="sm:col-span-2 lg:col-span-5">
        <RatioChips
          value={filters.aspect_ratio ?? []}
          onChange={(aspect_ratio) => onChange({ aspect_ratio: aspect_ratio.length ? aspect_ratio : undefined })}
        />
      </div>
    </div>
  );
}
