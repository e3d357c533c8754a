"use client";

import { useState } from "react";
import type { CampaignProductChoice } from "@/lib/api-types";

/** Chips shown before "Show all": a campaign may hold thousands of products. */
const FIRST_CHIPS = 24;

const REMOVE =
  "-my-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600";

/** The products chosen one by one, each a chip with its remove button (44 px, named for screen readers). */
export function ProductChips({
  products,
  onRemove,
}: {
  products: CampaignProductChoice[];
  onRemove: (id: string) => void;
}) {
  const [all, setAll] = useState(false);
  if (products.length === 0) return null;
  const shown = all ? products : products.slice(0, FIRST_CHIPS);
  return (
    <div className="space-y-2">
      <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
        {shown.map((product) => (
          <li
            key={product.id}
            className="flex max-w-full items-center gap-1 rounded-full border border-zinc-300 bg-white py-1 pr-2 pl-3 text-sm text-zinc-900"
          >
            <span className="min-w-0 truncate">{product.name}</span>
            {!product.ready && <span className="shrink-0 text-xs text-amber-800">· trains first</span>}
            <button
              type="button"
              onClick={() => onRemove(product.id)}
              className={REMOVE}
              aria-label={`Remove ${product.name}`}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      {products.length > FIRST_CHIPS && (
        <button
          type="button"
          onClick={() => setAll((v) => !v)}
          className="min-h-11 text-sm font-medium text-brand-700 underline"
        >
          {all ? "Show fewer" : `Show all ${products.length.toLocaleString("en-US")} products`}
        </button>
      )}
    </div>
  );
}

/** Every product a Products page filter matched, as one chip: it travels as the filter, not as ids. */
export function FilterChip({
  words,
  count,
  state,
  note,
  onRemove,
}: {
  words: string;
  count: number | null;
  state: "loading" | "ready" | "error";
  note: string | null;
  onRemove: () => void;
}) {
  const label =
    state === "loading"
      ? `Finding the products ${words}…`
      : state === "error"
        ? `The products ${words} could not be found`
        : `All ${(count ?? 0).toLocaleString("en-US")} products ${words}`;
  return (
    <div className="space-y-1">
      <div
        className="flex max-w-full items-center gap-1 rounded-full border border-brand-600/40 bg-brand-50 py-1 pr-2 pl-3 text-sm text-brand-800"
        role="group"
        aria-label="Products from the filter"
      >
        <span className="min-w-0">{label}</span>
        <button type="button" onClick={onRemove} className={REMOVE} aria-label="Remove the products from the filter">
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      {note && <p className="text-xs text-amber-900">{note}</p>}
    </div>
  );
}
