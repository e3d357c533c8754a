"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useCampaign } from "@/hooks/use-campaigns";
import type { CampaignCell, CampaignView } from "@/lib/api-types";
import { shotRatios } from "@/lib/schemas/campaign-plan";
import { CampaignActions } from "./campaign-actions";
import { CampaignHeader } from "./campaign-header";
import { CampaignLinks } from "./campaign-links";
import { ProductShots, ratioHeading } from "./product-shots";

/** Products drawn at first; more on request, so a campaign of many products stays quick to draw. */
const PRODUCTS_AT_ONCE = 25;

/**
 * A campaign's page: its header, actions and links, then each product with a grid of its shots.
 * Polled while it runs (the hook stops once nothing more can change).
 */
export function CampaignProgress({ id, canCreate }: { id: string; canCreate: boolean }) {
  const campaign = useCampaign(id);
  if (campaign.isPending) {
    return (
      <p role="status" className="text-sm text-zinc-600">
        Loading the campaign…
      </p>
    );
  }
  if (campaign.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
        <p>The campaign could not be loaded: {campaign.error.message}</p>
        <Button type="button" variant="secondary" onClick={() => void campaign.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <CampaignBody view={campaign.data} canCreate={canCreate} />;
}

function CampaignBody({ view, canCreate }: { view: CampaignView; canCreate: boolean }) {
  const [shown, setShown] = useState(PRODUCTS_AT_ONCE);
  const ratios = useMemo(() => shotRatios(view.outputs), [view.outputs]);
  const headings = useMemo(() => ratios.map((r) => ratioHeading(r, view.outputs)), [ratios, view.outputs]);
  const byProduct = useMemo(() => groupByProduct(view.cells), [view.cells]);
  const products = view.products.slice(0, shown);
  const rest = view.products.length - products.length;
  return (
    <div className="space-y-6">
      <CampaignHeader campaign={view} />
      {canCreate && <CampaignActions campaign={view} />}
      <CampaignLinks id={view.id} ready={view.ready} />
      <section aria-labelledby="campaign-shots" className="space-y-3">
        <h2 id="campaign-shots" className="text-lg font-semibold">
          Shots by product
        </h2>
        {products.map((product) => {
          const group = byProduct.get(product.id) ?? EMPTY;
          return (
            <ProductShots
              key={product.id}
              product={product}
              cells={group.cells}
              signature={group.signature}
              prompts={view.prompts}
              ratios={ratios}
              headings={headings}
            />
          );
        })}
        {rest > 0 && (
          <Button
            type="button"
            variant="secondary"
            className="min-h-11"
            onClick={() => setShown((n) => n + PRODUCTS_AT_ONCE)}
          >
            Show {Math.min(rest, PRODUCTS_AT_ONCE)} more{" "}
            {Math.min(rest, PRODUCTS_AT_ONCE) === 1 ? "product" : "products"} (of {rest} not shown)
          </Button>
        )}
      </section>
    </div>
  );
}

interface CellGroup {
  cells: CampaignCell[];
  signature: string;
}

const EMPTY: CellGroup = { cells: [], signature: "" };

/** Each product's cells, with a signature of what a poll may change in them. */
function groupByProduct(cells: readonly CampaignCell[]): Map<string, CellGroup> {
  const groups = new Map<string, CellGroup>();
  for (const cell of cells) {
    const group = groups.get(cell.product_id) ?? { cells: [], signature: "" };
    group.cells.push(cell);
    group.signature += `${cell.state}:${cell.prediction_id ?? ""}:${cell.image ?? ""}:${cell.error ?? ""};`;
    groups.set(cell.product_id, group);
  }
  return groups;
}
