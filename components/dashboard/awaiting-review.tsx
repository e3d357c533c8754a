"use client";

import Link from "next/link";
import { useReviewSummary } from "@/hooks/use-reviews";

/** "N images await review", linking to the queue; refreshed every 30 s and after each review. */
export function AwaitingReview() {
  const summary = useReviewSummary();
  if (summary.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading the review count"
        className="h-14 animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none"
      />
    );
  }
  if (summary.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        The review count could not be loaded: {summary.error.message}
      </p>
    );
  }
  const n = summary.data.awaiting;
  return (
    <Link
      prefetch={false}
      href="/review"
      className={`flex flex-wrap items-center justify-between gap-2 rounded-lg border px-4 py-3 hover:shadow-md ${n > 0 ? "border-amber-300 bg-amber-50 text-amber-950" : "border-emerald-300 bg-emerald-50 text-emerald-950"}`}
    >
      <span className="font-medium">
        {n === 0
          ? "No images await review"
          : `${n.toLocaleString("en-US")} ${n === 1 ? "image awaits" : "images await"} review`}
      </span>
      <span className="text-sm underline">{n === 0 ? "Open the review queue" : "Review them now"}</span>
    </Link>
  );
}
