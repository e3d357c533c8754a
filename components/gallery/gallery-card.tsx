"use client";

import Link from "next/link";
import { useMemo } from "react";
import { PendingShot } from "@/components/predictions/pending-shot";
import { RatioFrame } from "@/components/predictions/ratio-frame";
import { ShotImage, type ShotLoading } from "@/components/predictions/shot-image";
import { useReadyToast } from "@/components/predictions/use-ready-toast";
import { useLivePrediction } from "@/hooks/use-gallery";
import { LocalDateTime } from "@/components/ui/local-date-time";
import { CardBadges } from "./card-badges";
import { focusSelectionActions } from "./selection-bar";
import { TILE_SIZES } from "./grid-geometry";
import type { PredictionView } from "@/lib/types";
import { productName } from "@/lib/words/product-name";
import { shotTitle } from "@/lib/words/shot-title";

/** Height of the caption under the square tile; fixed so every grid row has the same height. */
export const CARD_CAPTION_PX = 108;

export interface GalleryCardProps {
  prediction: PredictionView;
  loading: ShotLoading;
  selected: boolean;
  onSelect: (prediction: PredictionView, selected: boolean) => void;
  onOpen: (prediction: PredictionView) => void;
}

/**
 * One prediction in the gallery: a thumbnail of its first image at its own ratio, prompt (the link
 * to its page), product and date; its review state and ratio over the image; a checkbox to select
 * it and a button to open it in the viewer (both 44 px, for a thumb).
 */
export function GalleryCard({ prediction: initial, loading, selected, onSelect, onOpen }: GalleryCardProps) {
  const prediction = useLivePrediction(initial);
  useReadyToast(useMemo(() => [prediction], [prediction]));
  const { images, prompt } = prediction;
  const title = shotTitle(prompt);
  return (
    <article
      className={`group relative h-full overflow-hidden rounded-lg border bg-white shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md ${
        selected ? "border-brand-600 ring-2 ring-brand-600" : "border-zinc-200"
      }`}
    >
      <div className="relative">
        <RatioFrame ratio={prediction.aspect_ratio}>
          {images.length === 0 ? (
            <PendingShot prediction={prediction} compact />
          ) : (
            <ShotImage
              src={images[0]}
              alt={prompt}
              ratio={prediction.aspect_ratio}
              fit="frame"
              sizes={TILE_SIZES}
              loading={loading}
            />
          )}
        </RatioFrame>
        {images.length > 0 && <CardBadges prediction={prediction} />}
        <label className="absolute top-2 left-2 z-10 flex size-11 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={selected}
            onChange={(event) => onSelect(prediction, event.target.checked)}
            aria-label={`Select ${title}`}
          />
        </label>
        {selected && (
          // Seen when focused: from a ticked card straight to what can be done with the selection.
          <button
            type="button"
            onClick={focusSelectionActions}
            className="sr-only z-20 rounded-md bg-white px-3 text-sm font-medium text-brand-800 shadow-sm focus-visible:not-sr-only focus-visible:absolute focus-visible:top-2 focus-visible:left-14 focus-visible:min-h-11 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Go to the actions for the selection
          </button>
        )}
        {images.length > 0 && (
          <button
            type="button"
            onClick={() => onOpen(prediction)}
            className="absolute top-2 right-2 z-10 flex size-11 items-center justify-center rounded-md bg-white/90 text-zinc-800 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="sr-only">Open in viewer</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path d="M3 8V3h5M17 8V3h-5M3 12v5h5M17 12v5h-5" />
            </svg>
          </button>
        )}
      </div>
      <div className="space-y-1 overflow-hidden p-3" style={{ height: CARD_CAPTION_PX }}>
        <h2 className="line-clamp-2 text-sm font-medium text-zinc-900">
          {/* The whole card is the link's target area; the link itself is the prompt, for screen readers. */}
          <Link
            prefetch={false}
            href={`/predictions/${prediction.id}`}
            className="outline-none after:absolute after:inset-0"
          >
            {title}
          </Link>
        </h2>
        <p className="truncate text-xs text-zinc-600">{productName(prediction.product_name)}</p>
        <p className="text-xs text-zinc-600">
          <time dateTime={prediction.created_at ?? undefined}>
            <LocalDateTime value={prediction.created_at ?? prediction.date_modification} />
          </time>
        </p>
      </div>
    </article>
  );
}
