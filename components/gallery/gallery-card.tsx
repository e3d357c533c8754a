import Link from "next/link";
import { RatioFrame } from "@/components/predictions/ratio-frame";
import { PendingShot } from "@/components/predictions/pending-shot";
import { ShotImage } from "@/components/predictions/shot-image";
import { formatDateTime } from "@/lib/format";
import type { PredictionView } from "@/lib/types";

/** One prediction in the gallery: first image at its own ratio, prompt (the link), product and date. */
export function GalleryCard({ prediction, eager }: { prediction: PredictionView; eager?: boolean }) {
  const { images } = prediction;
  return (
    <article className="group relative overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="relative">
        <RatioFrame ratio={prediction.aspect_ratio}>
          {images.length === 0 ? (
            <PendingShot prediction={prediction} compact />
          ) : (
            <ShotImage
              src={images[0]}
              alt={prediction.prompt}
              ratio={prediction.aspect_ratio}
              fit="frame"
              eager={eager}
              sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            />
          )}
        </RatioFrame>
        {images.length > 1 && (
          <span className="absolute right-2 top-2 rounded-full bg-zinc-900/80 px-2 py-0.5 text-xs font-medium text-white">
            {images.length} images
          </span>
        )}
      </div>
      <div className="space-y-1 p-3">
        <h2 className="line-clamp-2 text-sm font-medium text-zinc-900">
          {/* The whole card is the link's target area; the link itself is the prompt, for screen readers. */}
          <Link href={`/predictions/${prediction.id}`} className="outline-none after:absolute after:inset-0">
            {prediction.prompt || "Untitled product shot"}
          </Link>
        </h2>
        <p className="truncate text-xs text-zinc-600">{prediction.product_name ?? "Unknown product"}</p>
        <p className="text-xs text-zinc-600">
          <time dateTime={prediction.created_at ?? undefined}>
            {formatDateTime(prediction.created_at ?? prediction.date_modification)}
          </time>
          <span aria-hidden="true">*</span>
        </p>
      </div>
    </article>
  );
}
