import type { PredictionView } from "@/lib/types";

// A batch (several ratios or variations asked at once) is one thing to the person who asked:
// one card on the product page, one "ready" message. Client-safe.

export interface ShotGroup {
  /** The batch id, else the prediction's own id. */
  key: string;
  predictions: PredictionView[];
}

/** Neighbours of one batch (a newest-first list keeps them together) become one group. */
export function groupByBatch(predictions: readonly PredictionView[]): ShotGroup[] {
  const groups: ShotGroup[] = [];
  for (const p of predictions) {
    const last = groups.at(-1);
    if (p.batch_id && last && last.key === p.batch_id) last.predictions.push(p);
    else groups.push({ key: p.batch_id ?? p.id, predictions: [p] });
  }
  return groups;
}
