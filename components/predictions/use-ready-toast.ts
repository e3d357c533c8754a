"use client";

import { useEffect, useRef } from "react";
import { useToast } from "@/components/ui/toast";
import type { PredictionView } from "@/lib/types";

// Several places watch the same prediction (product page, gallery card, prediction page): each
// shot is announced once per browser tab, whichever of them sees its images arrive first.
const announced = new Set<string>();

/** A toast when a prediction seen without images gets them while the page is open. */
export function useReadyToast(predictions: readonly PredictionView[] | undefined) {
  const toast = useToast();
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    for (const p of predictions ?? []) {
      if (p.images.length === 0) waiting.current.add(p.id);
      else if (waiting.current.delete(p.id) && !announced.has(p.id)) {
        announced.add(p.id);
        toast.show(`Your product shot is ready: “${p.prompt}”.`, "success");
      }
    }
  }, [predictions, toast]);
}
