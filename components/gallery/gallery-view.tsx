"use client";

import dynamic from "next/dynamic";
import { useCallback, useMemo, useState } from "react";
import type { LightboxSlide } from "@/components/lightbox/lightbox";
import { ShareViewButton } from "@/components/share/share-view-button";
import { Button } from "@/components/ui/button";
import { useGalleryPages } from "@/hooks/use-gallery";
import type { GalleryView as View } from "@/lib/schemas/gallery-params";
import type { CampaignFilter } from "@/lib/api-types";
import type { PredictionView } from "@/lib/types";
import { FilterBar } from "./filter-bar";
import { GalleryCard } from "./gallery-card";
import { GalleryEmpty, GalleryError, GalleryLoading } from "./gallery-states";
import { GALLERY_MIN_COLUMNS } from "./grid-geometry";
import { ResultCount } from "./result-count";
import { RefreshButton } from "./refresh-button";
import { SelectionBar } from "./selection-bar";
import { useGalleryQuery } from "./use-gallery-query";
import { useSelection } from "./use-selection";
import { VirtualGrid } from "./virtual-grid";

// Opened on demand: their code is fetched when first opened, not with the page's first paint.
const Lightbox = dynamic(() => import("@/components/lightbox/lightbox").then((m) => m.Lightbox), { ssr: false });
const CompareView = dynamic(() => import("@/components/compare/compare-view").then((m) => m.CompareView), {
  ssr: false,
});

/** The gallery: Find (filters in the URL), a virtualized grid of every matching shot, Look and Take away. */
export function GalleryView({ view, campaign }: { view: View; campaign: CampaignFilter | null }) {
  const { filters, setFilters, clearFilters, filtered, invalid } = useGalleryQuery(view);
  const pages = useGalleryPages(filters);
  const selection = useSelection();
  const [viewer, setViewer] = useState<{ start: number } | null>(null);
  const [comparing, setComparing] = useState(false);
  const [barHeight, setBarHeight] = useState(0);

  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const images = pages.data?.pages[0]?.images;
  const loaded = useMemo(() => new Map(items.map((p) => [p.id, p])), [items]);
  const selected = selection.selected.map((p) => loaded.get(p.id) ?? p);
  const slides = useMemo<LightboxSlide[]>(
    () => items.flatMap((prediction) => prediction.images.map((_, index) => ({ prediction, index }))),
    [items],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const open = useCallback(
    (prediction: PredictionView) =>
      setViewer({
        start: Math.max(
          0,
          slides.findIndex((s) => s.prediction.id === prediction.id),
        ),
      }),
    [slides],
  );

  return (
    <div className="space-y-4">
      <div id="gallery-toolbar" className="space-y-3">
        <FilterBar
          filters={filters}
          campaign={campaign}
          onChange={setFilters}
          onClear={clearFilters}
          filtered={filtered}
          results={pages.isSuccess ? images : undefined}
        />
        {invalid && (
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This link&apos;s filters could not be read ({invalid}); showing every shot.
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ResultCount
            images={pages.isSuccess ? images : undefined}
            shots={total}
            byRatio={Boolean(filters.aspect_ratio?.length)}
          />
          <div className="flex flex-wrap items-center gap-2">
            <RefreshButton />
            <ShareViewButton query={filters} />
            <Button type="button" variant="ghost" onClick={() => selection.addAll(items)} disabled={items.length === 0}>
              Select all loaded
            </Button>
          </div>
        </div>
      </div>
      <SelectionBar
        selected={selected}
        onClear={selection.clear}
        onCompare={() => setComparing(true)}
        onHeight={setBarHeight}
      />
      {pages.isPending ? (
        <GalleryLoading />
      ) : pages.isError ? (
        <GalleryError message={pages.error.message} onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <GalleryEmpty filtered={filtered} onClear={clearFilters} />
      ) : (
        <VirtualGrid
          items={items}
          total={total}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          loadMore={loadMore}
          minColumns={GALLERY_MIN_COLUMNS}
          renderItem={(prediction, index, layout) => (
            <GalleryCard
              prediction={prediction}
              loading={index === 0 ? "priority" : index < layout.columns ? "eager" : "lazy"}
              selected={selection.has(prediction.id)}
              onSelect={selection.toggle}
              onOpen={open}
            />
          )}
        />
      )}
      {isFetchingNextPage && (
        <p role="status" className="text-center text-sm text-zinc-600">
          Loading more shots…
        </p>
      )}
      {selected.length > 0 && <div aria-hidden="true" style={{ height: barHeight }} />}
      {viewer && <Lightbox slides={slides} start={viewer.start} onClose={() => setViewer(null)} />}
      {comparing && <CompareView predictions={selected.slice(0, 4)} onClose={() => setComparing(false)} />}
    </div>
  );
}
