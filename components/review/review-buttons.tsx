"use client";

import type { ReviewAction } from "@/lib/schemas/review-params";
import type { ImageReview } from "@/lib/api-types";

const BASE =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Approve / Reject (a toggle: pressing the current one clears it) and Star. Each button says its
 * state with aria-pressed, so a screen reader hears "Approve, pressed".
 */
export function ReviewButtons({
  review,
  onAction,
  disabled,
  label,
  shortcuts = false,
}: {
  review: ImageReview | undefined;
  onAction: (action: ReviewAction) => void;
  disabled?: boolean;
  /** Appended for screen readers when several images share a page ("image 2 of 4"). */
  label?: string;
  shortcuts?: boolean;
}) {
  const approved = review?.status === "approved";
  const rejected = review?.status === "rejected";
  const starred = review?.starred ?? false;
  const sr = label ? <span className="sr-only"> {label}</span> : null;
  const key = (k: string) =>
    shortcuts ? (
      <kbd
        aria-hidden="true"
        className="rounded border border-current/30 px-1 text-xs font-normal pointer-coarse:hidden"
      >
        {k}
      </kbd>
    ) : null;
  return (
    <div role="group" aria-label={label ? `Review ${label}` : "Review"} className="flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={approved}
        disabled={disabled}
        onClick={() => onAction(approved ? "clear" : "approve")}
        className={`${BASE} ${approved ? "border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800" : "border-emerald-600 bg-white text-emerald-800 hover:bg-emerald-50"}`}
      >
        <span aria-hidden="true">✓</span> Approve{sr} {key("A")}
      </button>
      <button
        type="button"
        aria-pressed={rejected}
        disabled={disabled}
        onClick={() => onAction(rejected ? "clear" : "reject")}
        className={`${BASE} ${rejected ? "border-red-700 bg-red-700 text-white hover:bg-red-800" : "border-red-600 bg-white text-red-800 hover:bg-red-50"}`}
      >
        <span aria-hidden="true">✕</span> Reject{sr} {key("R")}
      </button>
      <button
        type="button"
        aria-pressed={starred}
        disabled={disabled}
        onClick={() => onAction(starred ? "unstar" : "star")}
        className={`${BASE} ${starred ? "border-amber-500 bg-amber-100 text-amber-900 hover:bg-amber-200" : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100"}`}
      >
        <span aria-hidden="true">{starred ? "★" : "☆"}</span> Star{sr} {key("S")}
      </button>
    </div>
  );
}
