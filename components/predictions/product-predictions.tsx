"use client";

import { FIRST_PAGE } from "@/lib/query-keys";
import { usePredictions } from "@/hooks/use-predictions";
import { groupByBatch, type ShotGroup } from "@/lib/predictions/batches";
import { BatchCard } from "./batch-card";
import { ProductShotCard } from "./product-shot-card";
import { useReadyToast } from "./use-ready-toast";
import { useShownCount } from "./use-shown-count";

/** Shots drawn with the page (a phone's first screens), then this many more as it scrolls. */
const FIRST_SHOTS = 12;
const MORE_SHOTS = 24;

/** This product's predictions, newest first, a batch as one card: placeholders while generating, then all their images. */
export function ProductPredictions({ productId }: { productId: string }) {
  const query = usePredictions({ productId, limit: FIRST_PAGE.productShots });
  const predictions = query.data;
  useReadyToast(predictions);
  const { shown, sentinel } = useShownCount(FIRST_SHOTS, MORE_SHOTS);
  const all = groupByBatch(predictions ?? []);
  const groups = shownGroups(all, shown);
  const more = groups.length < all.length;

  return (
    <section aria-labelledby="product-predictions-heading" className="space-y-3">
      <h2 id="product-predictions-heading" className="text-lg font-semibold">
        Product shots
      </h2>
      {query.isPending ? (
        <p className="text-sm text-zinc-600">Loading product shots…</p>
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Product shots could not be loaded: {query.error.message}
        </p>
      ) : predictions?.length === 0 ? (
        <p className="text-sm text-zinc-600">
          No product shots of this product yet. Write a prompt and press Generate.
        </p>
      ) : (
        <ul className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map(({ key, predictions: group }, i) =>
            group.length > 1 ? (
              <li key={key} className="sm:col-span-2 lg:col-span-3">
                <BatchCard predictions={group} first={i === 0} />
              </li>
            ) : (
              <li key={key}>
                <ProductShotCard prediction={group[0]} first={i === 0} />
              </li>
            ),
          )}
          {more && <li ref={sentinel} aria-hidden="true" className="h-px sm:col-span-2 lg:col-span-3" />}
        </ul>
      )}
    </section>
  );
}

/** The newest groups holding `shots` predictions (a group is drawn whole, so at least one). */
function shownGroups(groups: ShotGroup[], shots: number): ShotGroup[] {
  let count = 0;
  const end = groups.findIndex((g) => (count += g.predictions.length) >= shots);
  return end === -1 ? groups : groups.slice(0, end + 1);
}
