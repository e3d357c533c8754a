"use client";

import { useEffect, useRef } from "react";
import { useToast } from "@/components/ui/toast";
import { imageCountWords, imagesIn } from "@/lib/image-count";
import { groupByBatch } from "@/lib/predictions/batches";
import type { PredictionView } from "@/lib/types";

// Several places watch the same prediction (product page, gallery card, prediction page): each
// shot, or each batch, is announced once per browser tab, whichever of them sees it arrive first.
const announced = new Set<string>();

/**
 * A toast when predictions seen without images get them while the page is open: one for a
 * prediction asked alone, one for a whole batch once all its shots have arrived.
 */
export function useReadyToast(predictions: readonly PredictionView[] | undefined) {
  const toast = useToast();
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    for (const { key, predictions: group } of groupByBatch(predictions ?? [])) {
      if (group.some((p) => p.images.length === 0)) {
        waiting.current.add(key);
        continue;
      }
      if (!waiting.current.delete(key) || announced.has(key)) continue;
      announced.add(key);
      // A page that sees one shot of a batch (a gallery card) announces for the whole batch.
      const images = imageCountWords(imagesIn(group));
      toast.show(`${group.length > 1 ? "Batch ready" : "Ready"}, ${images}: “${group[0].prompt}”.`, "success");
    }
  }, [predictions, toast]);
}
