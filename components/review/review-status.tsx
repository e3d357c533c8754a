import { formatDateTime } from "@/lib/format";
import type { ImageReview } from "@/lib/api-types";
import { STATUS_CLASS, STATUS_WORDS } from "./review-words";

/** The image's review state in words and colour, with who set it and when (the viewer's zone). */
export function ReviewStatus({ review }: { review: ImageReview | undefined }) {
  const key = review?.status ?? "none";
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span
        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASS[key]}`}
      >
        {STATUS_WORDS[key]}
      </span>
      {review?.starred && (
        <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
          <span aria-hidden="true" className="mr-1">
            ★
          </span>
          <span>Starred</span>
        </span>
      )}
      {review?.updated_by_email && review.updated_at && (
        <span className="text-xs text-zinc-600">
          last by {review.updated_by_email}, {formatDateTime(review.updated_at)}
        </span>
      )}
    </p>
  );
}
