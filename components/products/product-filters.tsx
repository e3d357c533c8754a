"use client";

import { SearchBox } from "@/components/gallery/search-box";
import { Button } from "@/components/ui/button";
import { useLoraTemplates } from "@/hooks/use-templates";
import {
  LORA_FILTERS,
  PRODUCT_SORTS,
  type ArchiveFilter,
  type LoraFilter,
  type ProductSort,
} from "@/lib/schemas/product-params";
import type { ProductFilters as Filters } from "./use-product-filters";

const SELECT = "block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs";
const LABEL = "mb-1 block text-sm font-medium text-zinc-800";
const LORA_LABELS: Record<LoraFilter, string> = { ready: "Ready", training: "Training", not_started: "Not started" };
const ARCHIVE_LABELS: Record<ArchiveFilter, string> = { only: "Only archived", include: "Shown with the others" };
const SORT_LABELS: Record<ProductSort, string> = { newest: "Newest first", oldest: "Oldest first", name: "By name" };

/** Find a product: name search, template, LoRA state and order. */
export function ProductFilters({
  filters,
  onChange,
  onClear,
  filtered,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  filtered: boolean;
}) {
  const templates = useLoraTemplates();
  return (
    <div
      role="search"
      aria-label="Find products"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 shadow-xs"
    >
      <div className="flex gap-2">
        <SearchBox label="Search product names" value={filters.q ?? ""} onSearch={(q) => onChange({ q })} />
        {filtered && (
          <Button type="button" variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="filter-template" className={LABEL}>
            Template
          </label>
          <select
            id="filter-template"
            className={SELECT}
            value={filters.template_id ?? ""}
            onChange={(e) => onChange({ template_id: e.target.value || undefined })}
          >
            <option value="">All templates</option>
            {filters.template_id && !templates.data?.some((t) => t.id === filters.template_id) && (
              <option value={filters.template_id}>This template</option>
            )}
            {templates.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-lora" className={LABEL}>
            LoRA
          </label>
          <select
            id="filter-lora"
            className={SELECT}
            value={filters.lora ?? ""}
            onChange={(e) => onChange({ lora: (e.target.value || undefined) as LoraFilter | undefined })}
          >
            <option value="">Any state</option>
            {LORA_FILTERS.map((state) => (
              <option key={state} value={state}>
                {LORA_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-archived" className={LABEL}>
            Archived products
          </label>
          <select
            id="filter-archived"
            className={SELECT}
            value={filters.archived ?? ""}
            onChange={(e) => onChange({ archived: (e.target.value || undefined) as ArchiveFilter | undefined })}
          >
            <option value="">Hidden</option>
            {(Object.keys(ARCHIVE_LABELS) as ArchiveFilter[]).map((value) => (
              <option key={value} value={value}>
                {ARCHIVE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-product-sort" className={LABEL}>
            Sort
          </label>
          <select
            id="filter-product-sort"
            className={SELECT}
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value as ProductSort })}
          >
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
