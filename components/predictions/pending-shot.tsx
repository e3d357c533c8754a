"use client";

import type { PredictionView } from "@/lib/types";
import { ratioCss } from "./aspect-ratio";
import { GenerateAgainButton } from "./generate-again-button";
import { phaseLabel, predictionPhase, startedAt } from "@/lib/predictions/state";
import { useHydrated } from "@/hooks/use-hydrated";
import { useNow } from "@/hooks/use-now";

/**
 * A prediction without images yet: a box of the chosen shape (square when the ratio is unknown)
 * with its state in words and its elapsed time; "Generate again" once it may have failed.
 */
export function PendingShot({ prediction, compact = false }: { prediction: PredictionView; compact?: boolean }) {
  // Until hydrated, the prediction's own start stands for "now": the server's clock and the
  // browser's differ, and both renders must say the same.
  const ticking = useNow();
  const now = useHydrated() ? ticking : (startedAt(prediction)?.getTime() ?? 0);
  const phase = predictionPhase(prediction, now);
  const failed = phase === "maybe-failed";
  return (
    <div
      // Hidden overflow keeps the box exactly the ratio's size (so nothing jumps when the image
      // arrives); a possibly failed one may grow to fit its explanation and button.
      className={`flex w-full flex-col items-center justify-center gap-2 p-3 text-center text-sm ${
        failed
          ? "bg-amber-50 text-amber-900"
          : `overflow-hidden ${phase === "slow" ? "bg-slate-200 text-slate-800" : "bg-brand-50 text-brand-800"}`
      }`}
      style={{ aspectRatio: ratioCss(prediction.aspect_ratio) ?? "1 / 1" }}
    >
      {!failed && (
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      )}
      <p className="font-medium">{phaseLabel(prediction, now)}</p>
      {failed && !compact && (
        <>
          <p className="text-xs">
            No images arrived after 10 minutes. The service reports no failures, so the app stopped waiting.
          </p>
          {prediction.aspect_ratio ? (
            <GenerateAgainButton prediction={prediction} ratio={prediction.aspect_ratio} />
          ) : null}
        </>
      )}
    </div>
  );
}
