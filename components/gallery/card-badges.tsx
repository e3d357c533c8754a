import { STATUS_CLASS, STATUS_WORDS } from "@/components/review/review-words";
import { imageCountWords } from "@/lib/image-count";
import type { PredictionView, ShotReview } from "@/lib/types";

const CHIP =
  "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold leading-4 shadow-xs ring-1 ring-inset";
const MARK = { approved: "✓", rejected: "✕" } as const;

/**
 * What tells shots of one prompt apart at a glance: the review state (approved / rejected /
 * starred) and the ratio with the image count. Each in words beside its mark, never colour alone.
 */
export function CardBadges({ prediction }: { prediction: PredictionView }) {
  const { review, aspect_ratio: ratio, images } = prediction;
  return (
    <div className="pointer-events-none absolute inset-x-2 bottom-2 flex flex-wrap items-end justify-between gap-1">
      <div className="flex flex-wrap gap-1">
        {review &&
          statusChips(review, images.length).map(({ status, words }) => (
            <span key={status} className={`${CHIP} ${STATUS_CLASS[status]}`}>
              <span aria-hidden="true">{MARK[status]}</span>
              {words}
            </span>
          ))}
        {review?.starred && (
          <span className={`${CHIP} bg-amber-100 text-amber-900 ring-amber-300`}>
            <span aria-hidden="true">★</span>
            Starred
          </span>
        )}
      </div>
      {(ratio || images.length > 1) && (
        <span className={`${CHIP} ml-auto bg-zinc-900/85 text-white ring-zinc-900/20`}>
          {ratio && (
            <>
              <span className="sr-only">Ratio </span>
              {ratio}
            </>
          )}
          {ratio && images.length > 1 && <span aria-hidden="true">·</span>}
          {images.length > 1 && imageCountWords(images.length)}
        </span>
      )}
    </div>
  );
}

/**
 * A shot of one image is "Approved" or "Rejected"; a shot of several says how many of its images
 * are each ("1 approved", "1 rejected"), so one approved image does not speak for the others.
 */
function statusChips(review: ShotReview, imageCount: number): { status: "approved" | "rejected"; words: string }[] {
  if (imageCount <= 1 || review.approved + review.rejected === 0) {
    return review.status ? [{ status: review.status, words: STATUS_WORDS[review.status] }] : [];
  }
  const chips: { status: "approved" | "rejected"; words: string }[] = [];
  if (review.approved) chips.push({ status: "approved", words: `${review.approved} of ${imageCount} approved` });
  if (review.rejected) chips.push({ status: "rejected", words: `${review.rejected} of ${imageCount} rejected` });
  return chips;
}
