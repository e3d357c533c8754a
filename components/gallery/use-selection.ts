"use client";

import { useCallback, useMemo, useState } from "react";
import type { PredictionView } from "@/lib/types";

/** The gallery's multi-selection, kept across filter changes and pages (by prediction id). */
export function useSelection() {
  const [map, setMap] = useState<ReadonlyMap<string, PredictionView>>(new Map());
  const toggle = useCallback((prediction: PredictionView, on: boolean) => {
    setMap((prev) => {
      const next = new Map(prev);
      if (on) next.set(prediction.id, prediction);
      else next.delete(prediction.id);
      return next;
    });
  }, []);
  const addAll = useCallback((predictions: PredictionView[]) => {
    setMap((prev) => {
      const next = new Map(prev);
      for (const p of predictions) next.set(p.id, p);
      return next;
    });
  }, []);
  const clear = useCallback(() => setMap(new Map()), []);
  const selected = useMemo(() => [...map.values()], [map]);
  return { selected, has: (id: string) => map.has(id), toggle, addAll, clear };
}
