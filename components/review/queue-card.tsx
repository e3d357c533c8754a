"use client";

import { useToast } from "@/components/ui/toast";
import { ratioCss } from "@/components/predictions/aspect-ratio";
import type { QueueItem } from "@/lib/api-types";
import { usePredictionReviews, useQueueReviewAction } from "@/hooks/use-reviews";
import { ShotImg } from "@/components/predictions/shot-image";
import { LocalDateTime } from "@/components/ui/local-date-time";
import type { ReviewAction } from "@/lib/schemas/review";
import { Button } from "@/components/ui/button";
import { CommentForm } from "./comment-form";
import { ReviewButtons } from "./review-buttons";
import { ReviewHistory } from "./review-history";
import { ReviewStatus } from "./review-status";
import { ShortcutLegend } from "./shortcut-legend";
import { ACTION_WORDS } from "./review-words";
import { useReviewShortcuts } from "./use-review-shortcuts";

// The image's column: 3 of 5 parts beside the controls from 1024 px (gap 24 px), else the page's width.
const IMAGE_SIZES = "(min-width: 1152px) 648px, (min-width: 1024px) calc((100vw - 72px) * 0.6), calc(100vw - 32px)";

/** The queue's current image, big enough to judge, with its controls and keyboard shortcuts. */
export function QueueCard({
  item,
  awaiting,
  onReviewed,
  onSkip,
}: {
  item: QueueItem;
  awaiting: number;
  onReviewed: () => void;
  onSkip: () => void;
}) {
  const { prediction, image_index: index, image_url: src } = item;
  const reviews = usePredictionReviews(prediction.id);
  const act = useQueueReviewAction();
  const toast = useToast();
  const review = reviews.data?.images.find((r) => r.image_index === index);
  const count = prediction.images.length;
  const label = count > 1 ? `image ${index + 1} of ${count}` : "this image";

  function send(action: ReviewAction, comment?: string, done?: () => void) {
    if (act.isPending) return;
    act.mutate(
      { predictionId: prediction.id, image_index: index, action, comment },
      {
        onSuccess: () => {
          done?.();
          toast.show(`You ${ACTION_WORDS[action]} “${prediction.prompt}”${count > 1 ? ` (${label})` : ""}.`, "success");
          if (action === "approve" || action === "reject") onReviewed();
        },
        onError: (error) => toast.show(`The review was not saved: ${error.message}`, "error"),
      },
    );
  }

  useReviewShortcuts(true, {
    a: () => send("approve"),
    r: () => send("reject"),
    s: () => send(review?.starred ? "unstar" : "star"),
    ArrowRight: onSkip,
  });

  return (
    <article aria-labelledby="queue-current" className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)]">
      <figure className="overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50">
        <ShotImg
          src={src}
          ratio={prediction.aspect_ratio}
          sizes={IMAGE_SIZES}
          loading="priority"
          alt={count > 1 ? `${prediction.prompt} (image ${index + 1} of ${count})` : prediction.prompt}
          className="block h-auto max-h-[70vh] w-full object-contain"
          style={{ aspectRatio: ratioCss(prediction.aspect_ratio) }}
        />
      </figure>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600" role="status">
          {awaiting} {awaiting === 1 ? "image awaits" : "images await"} review
        </p>
        <div className="space-y-1">
          <h2 id="queue-current" className="text-lg font-semibold break-words">
            {prediction.prompt || "Untitled product shot"}
          </h2>
          <p className="text-sm text-zinc-600">
            {prediction.product_name ?? `Product ${prediction.product_id}`}
            {prediction.aspect_ratio ? ` · ${prediction.aspect_ratio}` : ""}
            {count > 1 ? ` · image ${index + 1} of ${count}` : ""} · <LocalDateTime value={prediction.created_at ?? prediction.date_modification} />
          </p>
        </div>
        <ReviewStatus review={review} />
        <div className="flex flex-wrap gap-2">
          <ReviewButtons review={review} onAction={(a) => send(a)} disabled={act.isPending} shortcuts />
          <Button variant="ghost" onClick={onSkip}>
            Skip <kbd aria-hidden="true" className="rounded border border-current/30 px-1 text-xs font-normal">→</kbd>
          </Button>
        </div>
        <ShortcutLegend />
        <CommentForm imageIndex={index} pending={act.isPending} onComment={(c, done) => send("comment", c, done)} />
        {reviews.data && <ReviewHistory events={reviews.data.events.filter((e) => e.image_index === index)} />}
      </div>
    </article>
  );
}
