import type { ReactNode } from "react";
import type { ImageReview } from "@/lib/api-types";
import type { ReviewAction } from "@/lib/schemas/review-params";
import { Button } from "@/components/ui/button";
import { ReviewButtons } from "./review-buttons";

/**
 * The queue's buttons, and on a touch screen the swipe they stand for. On a phone they sit at the
 * bottom of the screen, under the thumb, while the image and its details scroll above; a
 * rejection's reason (`children`) is asked there too, under the same thumb.
 */
export function QueueActions({
  review,
  onAction,
  onSkip,
  disabled,
  asking = false,
  children,
}: {
  review: ImageReview | undefined;
  onAction: (action: ReviewAction) => void;
  onSkip: () => void;
  disabled: boolean;
  /** A reason is being asked: the swipe hint gives way to it. */
  asking?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 space-y-2 border-t border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0">
      <p className={`hidden text-sm text-zinc-700 ${asking ? "" : "pointer-coarse:block"}`}>
        Swipe the image right to approve, left to reject.
      </p>
      <div className="flex flex-wrap gap-2">
        <ReviewButtons review={review} onAction={onAction} disabled={disabled} shortcuts />
        <Button variant="ghost" onClick={onSkip}>
          Skip{" "}
          <kbd
            aria-hidden="true"
            className="rounded border border-current/30 px-1 text-xs font-normal pointer-coarse:hidden"
          >
            →
          </kbd>
        </Button>
      </div>
      {children}
    </div>
  );
}
