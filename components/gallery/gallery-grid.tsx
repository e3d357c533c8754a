"use client";

import Link from "next/link";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { useReadyToast } from "@/components/predictions/use-ready-toast";
import { usePredictions } from "@/hooks/use-predictions";
import { GalleryCard } from "./gallery-card";

const PAGE = 24;
const GRID = "grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

/** Every prediction of the account, newest first; processing ones update in place. */
export function GalleryGrid() {
  const query = usePredictions();
  const [shown, setShown] = useState(PAGE);
  useReadyToast(query.data);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading product shots" className={GRID}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="aspect-square animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
        <p>The gallery could not be loaded: {query.error.message}</p>
        <Button type="button" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const predictions = query.data;
  if (predictions.length === 0) {
    return (
      <div className="space-y-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-10 text-center">
        <p className="text-zinc-700">No product shots yet — create a product to start.</p>
        <Link href="/products/new" className={buttonClass("primary")}>
          New product
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600">
        {predictions.length === 1 ? "1 product shot" : `${predictions.length} product shots`}, newest first.
      </p>
      <ul className={GRID}>
        {predictions.slice(0, shown).map((p, i) => (
          <li key={p.id}>
            <GalleryCard prediction={p} eager={i < 4} />
          </li>
        ))}
      </ul>
      {shown < predictions.length && (
        <div className="flex justify-center">
          <Button type="button" variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
            Show more ({predictions.length - shown} left)
          </Button>
        </div>
      )}
      <p className="text-xs text-zinc-600">
        * Times are shown in your time zone. The service does not say which zone its times are in; Product Studio reads them as UTC.
      </p>
    </div>
  );
}
