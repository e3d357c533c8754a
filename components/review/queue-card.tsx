"use client";

import { useState } from "react";
import { ratioCss } from "@/components/predictions/aspect-ratio";
import type { QueueItem } from "@/lib/api-types";
import { usePredictionReviews } from "@/hooks/use-reviews";
import { UnframedShotImage } from "@/components/predictions/shot-image";
import { LocalDateTime } from "@/components/ui/local-date-time";
import { productName } from "@/lib/words/product-name";
import type { ReviewAction } from "@/lib/schemas/review-params";
import { CommentForm } from "./comment-form";
import { QueueActions } from "./queue-actions";
import { RejectReason } from "./reject-reason";
import { ReviewHistory } from "./review-history";
import { ReviewStatus } from "./review-status";
import { ShortcutLegend } from "./shortcut-legend";
import { useReviewShortcuts } from "./use-review-shortcuts";
import { useSwipe } from "./use-swipe-review";
import { useUndoableReview } from "./use-undoable-review";
import { shotTitle } from "@/lib/words/shot-title";

// The image's column: 3 of 5 parts beside the controls from 1024 px (gap 24 px), else the page's width.
const IMAGE_SIZES = "(min-width: 1152px) 648px, (min-width: 1024px) calc((100vw - 72px) * 0.6), calc(100vw - 32px)";

/**
 * The queue's current image, big enough to judge, with its controls: buttons, keyboard shortcuts
 * on a desktop, and on a touch screen a swipe on the image (right approves, left rejects). Approve
 * moves on at once; Reject first asks why, on this image, and moves on once the reason is sent
 * or passed over (a comment written after the queue moved on would land on the next image).
 */
export function QueueCard({
  item,
  awaiting,
  onReviewed,
  onRestore,
  onSkip,
}: {
  item: QueueItem;
  awaiting: number;
  onReviewed: () => void;
  /** Undo of an approve/reject: the image takes its place in the queue again. */
  onRestore: () => void;
  onSkip: () => void;
}) {
  const { prediction, image_index: index, image_url: src } = item;
  const reviews = usePredictionReviews(prediction.id);
  const review = useUndoableReview();
  const state = reviews.data?.images.find((r) => r.image_index === index);
  const count = prediction.images.length;
  const label = count > 1 ? `image ${index + 1} of ${count}` : "this image";
  const subject = `“${prediction.prompt}”${count > 1 ? ` (${label})` : ""}`;
  // Rejected here and waiting for its reason (or for "No reason").
  const [asking, setAsking] = useState(false);

  function send(action: ReviewAction, comment?: string, done?: () => void) {
    // Until the image's state is known, a toggle could mean either way (approve, or clear); a
    // comment means the same whatever the state, so it is never held back.
    if (!reviews.data && action !== "comment") return;
    const decides = action === "approve" || action === "reject";
    review.send({
      predictionId: prediction.id,
      imageIndex: index,
      action,
      comment,
      subject,
      onDone: () => {
        done?.();
        if (action === "approve") onReviewed();
        else if (action === "reject") setAsking(true);
        else if (action === "clear") setAsking(false);
      },
      // Undone while its reason is asked, the image simply stays; undone later, the queue takes it back.
      restore: decides
        ? () => {
            setAsking(false);
            onRestore();
          }
        : undefined,
    });
  }

  const reject = () => {
    if (!asking) send("reject");
  };
  const skip = asking ? onReviewed : onSkip;
  useReviewShortcuts(true, {
    a: () => send("approve"),
    r: reject,
    s: () => send(state?.starred ? "unstar" : "star"),
    ArrowRight: skip,
  });
  const swipe = useSwipe({ onRight: () => send("approve"), onLeft: reject });

  return (
    <article
      aria-labelledby="queue-current"
      className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)] lg:gap-6"
    >
      <figure
        {...swipe.handlers}
        className="relative touch-pan-y overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50"
      >
        <UnframedShotImage
          src={src}
          ratio={prediction.aspect_ratio}
          sizes={IMAGE_SIZES}
          loading="priority"
          alt={count > 1 ? `${prediction.prompt} (image ${index + 1} of ${count})` : prediction.prompt}
          className="block h-auto max-h-[55vh] w-full object-contain transition-transform motion-reduce:transition-none lg:max-h-[70vh]"
          style={{ aspectRatio: ratioCss(prediction.aspect_ratio), ...swipe.style }}
        />
        {swipe.leaning && (
          <span
            aria-hidden="true"
            className={`absolute top-3 rounded-md px-3 py-1 text-sm font-bold text-white ${swipe.leaning === "right" ? "left-3 bg-emerald-700" : "right-3 bg-red-700"}`}
          >
            {swipe.leaning === "right" ? "Approve" : "Reject"}
          </span>
        )}
      </figure>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600" role="status">
          {awaiting} {awaiting === 1 ? "image awaits" : "images await"} review
        </p>
        <div className="space-y-1">
          <h2 id="queue-current" className="text-lg font-semibold break-words">
            {shotTitle(prediction.prompt)}
          </h2>
          <p className="text-sm text-zinc-600">
            {productName(prediction.product_name)}
            {prediction.aspect_ratio ? ` · ${prediction.aspect_ratio}` : ""}
            {count > 1 ? ` · image ${index + 1} of ${count}` : ""} ·{" "}
            <LocalDateTime value={prediction.created_at ?? prediction.date_modification} />
          </p>
        </div>
        <ReviewStatus review={state} />
        <QueueActions
          review={state}
          onAction={send}
          onSkip={skip}
          disabled={review.pending || !reviews.data}
          asking={asking}
        >
          {asking && (
            <RejectReason
              label={label}
              pending={review.pending}
              onSend={(reason) =>
                review.explain({
                  predictionId: prediction.id,
                  imageIndex: index,
                  comment: reason,
                  subject,
                  onDone: onReviewed,
                })
              }
              onSkip={onReviewed}
            />
          )}
        </QueueActions>
        <ShortcutLegend />
        {!asking && (
          <CommentForm imageIndex={index} pending={review.pending} onComment={(c, done) => send("comment", c, done)} />
        )}
        {reviews.data && <ReviewHistory events={reviews.data.events.filter((e) => e.image_index === index)} />}
      </div>
    </article>
  );
}
