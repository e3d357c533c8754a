"use client";

import { useEffect, useRef } from "react";
import { useToast } from "@/components/ui/toast";
import type { PredictionView } from "@/lib/types";

/** A toast when a prediction seen without images gets them while the page is open. */
export function useReadyToast(predictions: readonly PredictionView[] | undefined) {
  const toast = useToast();
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    for (const p of predictions ?? []) {
      if (p.images.length === 0) waiting.current.add(p.id);
      else if (waiting.current.delete(p.id)) {
        toast.show(`Your product shot is ready: “${p.prompt}”.`, "success");
      }
    }
  }, [predictions, toast]);
}
