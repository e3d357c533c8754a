"use client";

import { ReviewButtons } from "@/components/review/review-buttons";
import { ReviewStatus } from "@/components/review/review-status";
import { UndoButton } from "@/components/review/undo-button";
import { useUndoableReview, useUndoShortcut } from "@/components/review/use-undoable-review";
import { usePredictionReviews } from "@/hooks/use-reviews";
import type { PredictionView } from "@/lib/types";

/** Review the image in view without leaving the viewer; each action can be undone (toast, Z). */
export function LightboxReview({ prediction, index }: { prediction: PredictionView; index: number }) {
  const reviews = usePredictionReviews(prediction.id);
  const review = useUndoableReview();
  useUndoShortcut(review.undoLast);
  const state = reviews.data?.images.find((r) => r.image_index === index);
  const count = prediction.images.length;
  return (
    <footer className="flex flex-wrap items-center justify-center gap-3 border-t border-white/10 bg-white px-3 py-2 text-zinc-900">
      <ReviewStatus review={state} />
      <ReviewButtons
        review={state}
        disabled={review.pending || !reviews.data}
        onAction={(action) =>
          review.send({
            predictionId: prediction.id,
            imageIndex: index,
            action,
            subject: `“${prediction.prompt}”${count > 1 ? ` (image ${index + 1} of ${count})` : ""}`,
          })
        }
      />
      {review.canUndo && <UndoButton onUndo={review.undoMine} disabled={review.pending} />}
    </footer>
  );
}
