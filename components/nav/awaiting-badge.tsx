"use client";

import { useReviewSummary } from "@/hooks/use-reviews";

/** The number of images awaiting review, read out as part of the "Review" link's name. */
export function AwaitingBadge() {
  const summary = useReviewSummary();
  const n = summary.data?.awaiting;
  if (!n) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">
      {n > 999 ? "999+" : n}
      <span className="sr-only"> awaiting</span>
    </span>
  );
}
