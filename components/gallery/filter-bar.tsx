"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FilterChip } from "@/components/ui/filter-chip";
import { imageCountWords } from "@/lib/image-count";
import type { CampaignFilter } from "@/lib/api-types";
import { FilterFields, filtersOn } from "./filter-fields";
import { SearchBox } from "./search-box";
import type { GalleryFilters } from "./use-gallery-query";

const INLINE = "hidden gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-5";

/**
 * Find: prompt search always in sight. On a laptop the other filters sit below it; on a phone they
 * open in a bottom sheet (results stay where they are) and the Filters button says how many are on.
 */
export function FilterBar({
  filters,
  campaign,
  onChange,
  onClear,
  filtered,
  results,
}: {
  filters: GalleryFilters;
  /** The campaign the view is narrowed to (from a campaign's link), by name. */
  campaign: CampaignFilter | null;
  onChange: (patch: Partial<GalleryFilters>) => void;
  onClear: () => void;
  filtered: boolean;
  /** Images the view shows now, for "Show N images" (undefined while counting). */
  results: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const sheet = useRef<HTMLDialogElement>(null);
  const id = useId();
  const on = filtersOn(filters);
  return (
    <div
      role="search"
      aria-label="Find product shots"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 shadow-xs"
    >
      <div className="flex gap-2">
        <SearchBox value={filters.q ?? ""} onSearch={(q) => onChange({ q })} />
        <Button
          type="button"
          variant="secondary"
          className="sm:hidden"
          aria-haspopup="dialog"
          aria-label={on > 0 ? `Filters, ${on} on` : undefined}
          onClick={() => setOpen(true)}
        >
          Filters
          {on > 0 && (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">
              {on}
            </span>
          )}
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
      {filters.campaign_id && (
        <FilterChip
          label="Campaign"
          value={campaign?.id === filters.campaign_id ? campaign.name : "…"}
          removeLabel="Show shots of every campaign"
          onRemove={() => onChange({ campaign_id: undefined })}
        />
      )}
      {/* One set of fields at a time, so each label names one control. */}
      {!open && <FilterFields filters={filters} onChange={onChange} className={INLINE} />}
      {open && (
        <Dialog ref={sheet} look="sheet" labelledBy={`${id}-title`} onClose={() => setOpen(false)}>
          <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
            Filters
          </h2>
          <FilterFields filters={filters} onChange={onChange} className="grid gap-3" />
          <div className="sticky -bottom-4 -mx-4 mt-4 flex gap-2 border-t border-zinc-200 bg-white px-4 py-3">
            {filtered && (
              <Button type="button" variant="secondary" onClick={onClear}>
                Clear filters
              </Button>
            )}
            <Button type="button" className="flex-1" onClick={() => sheet.current?.close()}>
              {results === undefined ? "Show results" : `Show ${imageCountWords(results)}`}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
