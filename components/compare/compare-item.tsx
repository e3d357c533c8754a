"use client";

import { ASPECT_RATIO_NAMES } from "@/components/predictions/aspect-ratio";
import { UnframedShotImage } from "@/components/predictions/shot-image";
import { ReviewButtons } from "@/components/review/review-buttons";
import type { ReviewRequest } from "@/components/review/use-undoable-review";
import { usePredictionReviews } from "@/hooks/use-reviews";
import { productName } from "@/lib/words/product-name";
import type { ReviewAction } from "@/lib/schemas/review-params";
import type { PredictionView } from "@/lib/types";
import { shotTitle } from "@/lib/words/shot-title";

/**
 * One shot in compare. The image itself is the "pick this one" button: a tap approves it (the
 * other shots keep their state: the better of two is not always the only good one). Reject and
 * Star sit under it.
 */
export function CompareItem({
  prediction: p,
  sizes,
  send,
  pending,
}: {
  prediction: PredictionView;
  sizes: string;
  send: (request: ReviewRequest) => void;
  pending: boolean;
}) {
  const reviews = usePredictionReviews(p.id, p.images.length > 0);
  const state = reviews.data?.images.find((r) => r.image_index === 0);
  const name = shotTitle(p.prompt);
  const act = (action: ReviewAction) => send({ predictionId: p.id, imageIndex: 0, action, subject: `“${name}”` });
  return (
    <li className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
      <div
        className={`relative flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-md bg-zinc-200 sm:aspect-square sm:flex-none ${state?.status === "approved" ? "ring-4 ring-emerald-600" : ""}`}
      >
        {p.images[0] && (
          <UnframedShotImage
            src={p.images[0]}
            alt={p.prompt}
            ratio={p.aspect_ratio}
            sizes={sizes}
            loading="eager"
            className="h-auto max-h-full w-auto max-w-full object-contain"
          />
        )}
        {/* The whole image is the button (beside it, not around it, so the image keeps its name). */}
        <button
          type="button"
          disabled={!p.images[0] || pending}
          onClick={() => act("approve")}
          aria-label={`Pick “${name}”: approve it`}
          className="absolute inset-0 rounded-md focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-brand-600"
        />
        {state?.status && (
          <span
            className={`pointer-events-none absolute top-2 left-2 rounded-md px-2 py-0.5 text-xs font-bold text-white ${state.status === "approved" ? "bg-emerald-700" : "bg-red-700"}`}
          >
            {state.status === "approved" ? "Approved" : "Rejected"}
          </span>
        )}
      </div>
      <div className="space-y-1 text-sm">
        <p className="line-clamp-2 font-medium">{name}</p>
        <p className="flex gap-2 text-zinc-600">
          <span className="truncate">{productName(p.product_name)}</span>
          <span className="shrink-0">
            {p.aspect_ratio ? `${p.aspect_ratio} ${ASPECT_RATIO_NAMES[p.aspect_ratio]}` : "Ratio unknown"}
          </span>
        </p>
        <ReviewButtons review={state} onAction={act} disabled={pending || !reviews.data} label={`“${name}”`} />
      </div>
    </li>
  );
}
