import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time";
import { imageCountWords } from "@/lib/image-count";
import type { PredictionView } from "@/lib/types";
import { ASPECT_RATIO_NAMES } from "./aspect-ratio";
import { ShotImages } from "./shot-images";

// Two shots a row on a phone, four from 640 px, in the page's 1104 px column (a card of its own row).
const SIZES = {
  whole: "(min-width: 1152px) 260px, (min-width: 640px) calc((100vw - 96px) / 4), calc(50vw - 28px)",
  half: "(min-width: 1152px) 130px, (min-width: 640px) calc((100vw - 96px) / 8), calc(25vw - 14px)",
};

/** Shots in a phone's first row: only these load at once; a batch of eight has up to 32 images. */
const FIRST_ROW = 2;

/** What sets a batch's shots apart: their ratios, or (one ratio asked N times) their number. */
function batchWords(predictions: readonly PredictionView[]): string {
  const ratios = new Set(predictions.map((p) => p.aspect_ratio));
  return ratios.size > 1 ? `${predictions.length} aspect ratios` : `${predictions.length} variations`;
}

/** The predictions of one batch (newest first in the list, shown in the order asked) as one card. */
export function BatchCard({ predictions, first }: { predictions: readonly PredictionView[]; first: boolean }) {
  const asked = [...predictions].reverse();
  const head = asked[0];
  const arrived = asked.reduce((n, p) => n + p.images.length, 0);
  const waiting = asked.filter((p) => p.images.length === 0).length;
  return (
    <article
      aria-label={`Batch: ${head.prompt}`}
      className="overflow-hidden rounded-lg border border-zinc-200 bg-white"
    >
      <div className="space-y-1 p-3 text-sm">
        <p className="line-clamp-2 text-zinc-900">{head.prompt}</p>
        <p className="text-xs text-zinc-600">
          {batchWords(asked)} · {arrived > 0 ? imageCountWords(arrived) : "generating"}
          {arrived > 0 && waiting > 0 ? `, ${waiting} still generating` : ""} ·{" "}
          <LocalDateTime value={head.created_at ?? head.date_modification} />
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2 px-3 pb-3 sm:grid-cols-4">
        {asked.map((p, i) => {
          const ratio = p.aspect_ratio ? `${p.aspect_ratio} ${ASPECT_RATIO_NAMES[p.aspect_ratio]}` : "Ratio not known";
          return (
            <li key={p.id} className="space-y-1">
              <ShotImages
                prediction={p}
                sizes={SIZES}
                loading={first && i < FIRST_ROW ? (i === 0 ? "first" : "eager") : "lazy"}
                compact
              />
              <p className="text-xs text-zinc-700">
                {ratio}
                {p.images.length > 0 ? ` · ${imageCountWords(p.images.length)}` : ""}
              </p>
              <Link
                prefetch={false}
                href={`/predictions/${p.id}`}
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline sm:min-h-0"
              >
                Open
                <span className="sr-only">
                  {" "}
                  {ratio} of “{p.prompt}”
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
