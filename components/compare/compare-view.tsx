"use client";

import { ASPECT_RATIO_NAMES } from "@/components/predictions/aspect-ratio";
import { Dialog } from "@/components/ui/dialog";
import { ShotImg } from "@/components/predictions/shot-image";
import { squareTileSizes } from "@/components/predictions/shot-sizes";
import type { PredictionView } from "@/lib/types";

const COLUMNS: Record<number, string> = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" };
// Each shot's share of the screen's width in the columns above (two on a phone).
const SIZES: Record<number, string> = { 2: "50vw", 3: "(min-width: 640px) 33vw, 50vw", 4: "(min-width: 1024px) 25vw, 50vw" };

/** Compare two to four shots side by side, each with its prompt, product and ratio. */
export function CompareView({ predictions, onClose }: { predictions: PredictionView[]; onClose: () => void }) {
  return (
    <Dialog look="full" labelledBy="compare-title" onClose={onClose} className="bg-zinc-50 text-zinc-900">
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-2">
          <h2 id="compare-title" className="text-base font-semibold">
            Compare {predictions.length} shots
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Close
          </button>
        </header>
        <ul className={`grid min-h-0 flex-1 grid-cols-2 gap-3 overflow-auto p-3 ${COLUMNS[predictions.length] ?? ""}`}>
          {predictions.map((p) => (
            <li key={p.id} className="flex min-w-0 flex-col gap-2">
              <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md bg-zinc-200">
                {p.images[0] && (
                  <ShotImg
                    src={p.images[0]}
                    alt={p.prompt}
                    ratio={p.aspect_ratio}
                    sizes={squareTileSizes(SIZES[predictions.length] ?? "50vw", p.aspect_ratio)}
                    loading="eager"
                    className="h-auto max-h-full w-auto max-w-full object-contain"
                  />
                )}
              </div>
              <div className="space-y-0.5 text-sm">
                <p className="line-clamp-3 font-medium">{p.prompt || "Untitled product shot"}</p>
                <p className="truncate text-zinc-600">{p.product_name ?? "Unknown product"}</p>
                <p className="text-zinc-600">{p.aspect_ratio ? `${p.aspect_ratio} ${ASPECT_RATIO_NAMES[p.aspect_ratio]}` : "Ratio unknown"}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
