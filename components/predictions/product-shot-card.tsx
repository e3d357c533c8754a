import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time";
import { imageCountWords } from "@/lib/image-count";
import type { PredictionView } from "@/lib/types";
import { ASPECT_RATIO_NAMES } from "./aspect-ratio";
import { ShotImages } from "./shot-images";

// One, two or three cards a row (gap 16 px) in the page's 1104 px column; a card of several images
// splits in two columns.
const CARD_SIZES = {
  whole:
    "(min-width: 1152px) 357px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 32px)",
  half: "(min-width: 1152px) 178px, (min-width: 1024px) calc((100vw - 80px) / 6), (min-width: 640px) calc((100vw - 64px) / 4), calc(50vw - 16px)",
};

/** A prediction asked alone: its images, prompt, ratio, how many images and when. */
export function ProductShotCard({ prediction, first }: { prediction: PredictionView; first: boolean }) {
  const { images, aspect_ratio: ratio } = prediction;
  return (
    <article aria-label={prediction.prompt} className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <ShotImages prediction={prediction} sizes={CARD_SIZES} loading={first ? "first" : "lazy"} />
      <div className="space-y-1 p-3 text-sm">
        <p className="line-clamp-2 text-zinc-900">{prediction.prompt}</p>
        <p className="text-xs text-zinc-600">
          {ratio ? `${ratio} ${ASPECT_RATIO_NAMES[ratio]} · ` : ""}
          {images.length > 0 ? `${imageCountWords(images.length)} · ` : ""}
          <LocalDateTime value={prediction.created_at ?? prediction.date_modification} />
        </p>
        <Link
          prefetch={false}
          href={`/predictions/${prediction.id}`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline sm:min-h-0"
        >
          Open<span className="sr-only"> product shot “{prediction.prompt}”</span>
        </Link>
      </div>
    </article>
  );
}
