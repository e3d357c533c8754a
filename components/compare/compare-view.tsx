"use client";

import { Dialog } from "@/components/ui/dialog";
import { squareTileSizes } from "@/components/predictions/shot-sizes";
import { UndoButton } from "@/components/review/undo-button";
import { useUndoableReview, useUndoShortcut } from "@/components/review/use-undoable-review";
import type { PredictionView } from "@/lib/types";
import { CompareItem } from "./compare-item";

// From 640 px the shots stand side by side; on a phone two are stacked, each half the screen's
// height (pick the better one with a thumb), and three or four share two columns.
const COLUMNS: Record<number, string> = {
  2: "flex flex-col sm:grid sm:grid-cols-2",
  3: "grid grid-cols-2 sm:grid-cols-3",
  4: "grid grid-cols-2 lg:grid-cols-4",
};
// Each shot's share of the screen's width in the layouts above.
const SIZES: Record<number, string> = {
  2: "(min-width: 640px) 50vw, 100vw",
  3: "(min-width: 640px) 33vw, 50vw",
  4: "(min-width: 1024px) 25vw, 50vw",
};

/** Compare two to four shots by their first image and pick: a tap on one approves it; each can be rejected or starred; Z undoes. */
export function CompareView({ predictions, onClose }: { predictions: PredictionView[]; onClose: () => void }) {
  const review = useUndoableReview();
  useUndoShortcut(review.undoLast);
  const n = predictions.length;
  return (
    <Dialog look="full" labelledBy="compare-title" onClose={onClose} className="bg-zinc-50 text-zinc-900">
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-1">
          <div>
            <h2 id="compare-title" className="text-base font-semibold">
              Compare {n} images
            </h2>
            <p className="text-xs text-zinc-600">Tap or click the better one to approve it.</p>
          </div>
          <div className="flex items-center gap-2">
            {review.canUndo && <UndoButton onUndo={review.undoMine} disabled={review.pending} />}
            <button
              type="button"
              onClick={onClose}
              className="min-h-11 rounded-md px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Close
            </button>
          </div>
        </header>
        <ul className={`min-h-0 flex-1 gap-3 overflow-auto p-3 ${COLUMNS[n] ?? "grid grid-cols-2"}`}>
          {predictions.map((p) => (
            <CompareItem
              key={p.id}
              prediction={p}
              sizes={squareTileSizes(SIZES[n] ?? "50vw", p.aspect_ratio)}
              send={review.send}
              pending={review.pending}
            />
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
