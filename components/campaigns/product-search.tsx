"use client";

import { useState } from "react";
import { SearchBox } from "@/components/gallery/search-box";
import { useProductPages } from "@/hooks/use-products";
import type { CampaignProductChoice } from "@/lib/api-types";
import { productName } from "@/lib/words/product-name";

const RESULTS = 8;

/** A search box that adds products by name: the Products page's own list (GET /api/products?q=). */
export function ProductSearch({
  chosen,
  onAdd,
}: {
  chosen: (id: string) => boolean;
  onAdd: (product: CampaignProductChoice) => void;
}) {
  const [q, setQ] = useState("");
  return (
    <div className="space-y-2">
      <SearchBox label="Find products to add" value={q} onSearch={setQ} />
      {q && <SearchResults q={q} chosen={chosen} onAdd={onAdd} />}
    </div>
  );
}

function SearchResults({
  q,
  chosen,
  onAdd,
}: {
  q: string;
  chosen: (id: string) => boolean;
  onAdd: (product: CampaignProductChoice) => void;
}) {
  const pages = useProductPages({ q, sort: "name", limit: RESULTS });
  const items = pages.data?.pages[0]?.items ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  if (pages.isPending)
    return (
      <p role="status" className="text-sm text-zinc-600">
        Searching…
      </p>
    );
  if (pages.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        Products could not be searched: {pages.error.message}
      </p>
    );
  if (items.length === 0) return <p className="text-sm text-zinc-600">No product is named like “{q}”.</p>;
  return (
    <div className="space-y-1">
      <ul aria-label="Products found" className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white">
        {items.map((product) => {
          const name = productName(product.name);
          const added = chosen(product.id);
          const ready = product.lora_enabled === 1;
          return (
            <li key={product.id} className="flex items-center gap-3 px-3 py-1.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-900">{name}</p>
                <p className="truncate text-xs text-zinc-600">
                  {product.template_name ?? "Unknown template"} ·{" "}
                  {ready ? "trained" : "not trained yet: the campaign trains it first"}
                </p>
              </div>
              <button
                type="button"
                disabled={added}
                onClick={() => onAdd({ id: product.id, name, template_id: product.template_id, ready })}
                className="min-h-11 shrink-0 rounded-md border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-100 disabled:border-transparent disabled:text-zinc-500"
              >
                {added ? "Added" : "Add"}
                <span className="sr-only"> {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {total > items.length && (
        <p className="text-xs text-zinc-600">
          {(total - items.length).toLocaleString("en-US")} more match: type more of the name, or choose them on the
          Products page.
        </p>
      )}
    </div>
  );
}
