"use client";

import { useEffect, useRef } from "react";
import { FIRST_PAGE } from "@/hooks/query-keys";
import { usePredictions } from "@/hooks/use-predictions";
import type { BatchItem } from "@/lib/api-types";
import { imageCount } from "@/lib/predictions/batches";
import { BatchSummary } from "./batch-summary";

export type GenerateOutcome = { kind: "one"; id: string; prompt: string } | { kind: "batch"; items: BatchItem[] };

/**
 * What Generate started, where focus lands once it is sent (the button is disabled while sending,
 * which would drop focus to the page). Counts the images as they arrive: the service may return
 * several for one ratio, and the person is told how many.
 */
export function GenerateResult({ productId, outcome, onDismiss }: { productId: string; outcome: GenerateOutcome; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // The product page's own list (same query, no extra request) says when the images arrive.
  const list = usePredictions({ productId, limit: FIRST_PAGE.productShots }).data;
  useEffect(() => box.current?.focus(), [outcome]);
  const ids = outcome.kind === "one" ? [outcome.id] : outcome.items.flatMap((i) => (i.ok ? [i.prediction.id] : []));
  const shots = (list ?? []).filter((p) => ids.includes(p.id));
  const arrived = shots.reduce((n, p) => n + p.images.length, 0);
  const waiting = ids.length - shots.filter((p) => p.images.length > 0).length;
  const progress =
    waiting === 0 && arrived > 0
      ? `Ready: ${imageCount(arrived)} under Product shots.`
      : arrived > 0
        ? `${imageCount(arrived)} arrived so far; the rest are generating.`
        : "Generating — usually 30 to 60 seconds. The images appear under Product shots; the service may return several for each ratio.";
  return (
    <div ref={box} tabIndex={-1} role="group" aria-label="Generate result" className="space-y-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
      {outcome.kind === "batch" && <BatchSummary items={outcome.items} onDismiss={onDismiss} />}
      {ids.length > 0 && (
        <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {outcome.kind === "one" ? `“${outcome.prompt}”: ` : ""}
          {progress}
        </p>
      )}
    </div>
  );
}
