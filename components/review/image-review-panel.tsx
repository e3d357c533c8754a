"use client";

import { useEffect, useRef } from "react";
import { usePredictionReviews } from "@/hooks/use-reviews";
import type { ReviewAction } from "@/lib/schemas/review-params";
import { CommentForm } from "./comment-form";
import { ReviewButtons } from "./review-buttons";
import { ReviewHistory } from "./review-history";
import { ReviewStatus } from "./review-status";
import { UndoButton } from "./undo-button";
import { useUndoableReview, useUndoShortcut } from "./use-undoable-review";

/**
 * Under one image of the prediction page: its review state, the review controls (for roles that
 * may review) and its history. All images of a prediction share one query, so this is cheap.
 * Each action can be undone, from its message or the Undo beside the buttons, as in the queue.
 */
export function ImageReviewPanel({
  predictionId,
  imageIndex,
  label,
  canReview,
  compact = false,
}: {
  predictionId: string;
  imageIndex: number;
  /** Tighter, with a one-line comment box: for an image among several side by side. */
  compact?: boolean;
  /** "image 2 of 4", or undefined for a single image. */
  label?: string;
  canReview: boolean;
}) {
  const query = usePredictionReviews(predictionId);
  const review = useUndoableReview();
  useUndoShortcut(review.undoLast);
  // The controls are disabled while a review is saved, which drops keyboard focus to the page:
  // once saved, it goes back to the control that was used (unless something took it meanwhile).
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (review.pending || !returnTo.current) return;
    if (document.activeElement === document.body) returnTo.current.focus();
    returnTo.current = null;
  }, [review.pending]);

  function send(action: ReviewAction, comment?: string, done?: () => void) {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    review.send({ predictionId, imageIndex, action, comment, subject: label ?? "this image", onDone: done });
  }

  if (query.isPending)
    return (
      <p role="status" className="text-sm text-zinc-600">
        Loading reviews…
      </p>
    );
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        Reviews could not be loaded: {query.error.message}
      </p>
    );
  }
  const state = query.data.images.find((r) => r.image_index === imageIndex);
  const events = query.data.events.filter((e) => e.image_index === imageIndex);
  return (
    <section
      aria-label={label ? `Review of ${label}` : "Review"}
      className={`rounded-lg border border-zinc-200 bg-white ${compact ? "space-y-2 p-3" : "space-y-3 p-4"}`}
    >
      <ReviewStatus review={state} />
      {canReview && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <ReviewButtons review={state} onAction={(a) => send(a)} disabled={review.pending} label={label} />
            {review.canUndo && <UndoButton onUndo={review.undoMine} disabled={review.pending} />}
          </div>
          <CommentForm
            imageIndex={imageIndex}
            label={label}
            pending={review.pending}
            compact={compact}
            onComment={(c, done) => send("comment", c, done)}
          />
        </>
      )}
      <ReviewHistory events={events} label={label} />
    </section>
  );
}
