"use client";

import Link from "next/link";
import { FIRST_PAGE } from "@/hooks/query-keys";
import { usePredictions } from "@/hooks/use-predictions";
import { LocalDateTime } from "@/components/ui/local-date-time";
import type { PredictionView } from "@/lib/types";
import { ASPECT_RATIO_NAMES } from "./aspect-ratio";
import { PendingShot } from "./pending-shot";
import { RatioFrame } from "./ratio-frame";
import { ShotImage } from "./shot-image";
import { useReadyToast } from "./use-ready-toast";

/** This product's predictions, newest first: placeholders while generating, then all their images. */
export function ProductPredictions({ productId }: { productId: string }) {
  const query = usePredictions({ productId, limit: FIRST_PAGE.productShots });
  const predictions = query.data;
  useReadyToast(predictions);

  return (
    <section aria-labelledby="product-predictions-heading" className="space-y-3">
      <h2 id="product-predictions-heading" className="text-lg font-semibold">
        Product shots
      </h2>
      {query.isPending ? (
        <p className="text-sm text-zinc-600">Loading product shots…</p>
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Product shots could not be loaded: {query.error.message}
        </p>
      ) : predictions?.length === 0 ? (
        <p className="text-sm text-zinc-600">No product shots of this product yet. Write a prompt and press Generate.</p>
      ) : (
        <ul className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {predictions?.map((p, i) => (
            <li key={p.id}>
              <ProductPredictionCard prediction={p} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// One, two or three cards a row (gap 16 px) in the page's 1104 px column; a card of several images
// splits in two columns.
const CARD_SIZES = "(min-width: 1152px) 357px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 32px)";
const HALF_CARD_SIZES = "(min-width: 1152px) 178px, (min-width: 1024px) calc((100vw - 80px) / 6), (min-width: 640px) calc((100vw - 64px) / 4), calc(50vw - 16px)";

function ProductPredictionCard({ prediction, first }: { prediction: PredictionView; first: boolean }) {
  const { images, aspect_ratio: ratio } = prediction;
  return (
    <article aria-label={prediction.prompt} className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      {images.length === 0 ? (
        <RatioFrame ratio={ratio}>
          <PendingShot prediction={prediction} />
        </RatioFrame>
      ) : (
        <div className={images.length > 1 ? "grid grid-cols-2 gap-0.5" : ""}>
          {images.map((src, i) => (
            <RatioFrame key={src} ratio={ratio}>
              <ShotImage
                src={src}
                ratio={ratio}
                fit="frame"
                alt={images.length > 1 ? `${prediction.prompt} (image ${i + 1} of ${images.length})` : prediction.prompt}
                sizes={images.length > 1 ? HALF_CARD_SIZES : CARD_SIZES}
                loading={first ? (i === 0 ? "priority" : "eager") : "lazy"}
              />
            </RatioFrame>
          ))}
        </div>
      )}
      <div className="space-y-1 p-3 text-sm">
        <p className="line-clamp-2 text-zinc-900">{prediction.prompt}</p>
        <p className="text-xs text-zinc-600">
          {ratio ? `${ratio} ${ASPECT_RATIO_NAMES[ratio]} · ` : ""}
          <LocalDateTime value={prediction.created_at ?? prediction.date_modification} />
        </p>
        <Link href={`/predictions/${prediction.id}`} className="inline-block text-sm font-medium text-brand-700 underline">
          Open<span className="sr-only"> product shot “{prediction.prompt}”</span>
        </Link>
      </div>
    </article>
  );
}
