"use client";

import { useId } from "react";
import type { QueueProduct } from "@/lib/api-types";
import { productName } from "@/lib/words/product-name";
import { awaitingOf } from "./queue-counts";
import type { QueueSort } from "@/lib/schemas/review-params";

const SELECT = "block min-h-11 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm shadow-xs sm:w-auto";

/** The queue's order and product, as two native pickers (a thumb gets the phone's own wheel). */
export function QueueFilters({
  sort,
  onSort,
  productId,
  onProduct,
  products,
}: {
  sort: QueueSort;
  onSort: (sort: QueueSort) => void;
  productId: string | undefined;
  onProduct: (productId: string | undefined) => void;
  products: QueueProduct[];
}) {
  const id = useId();
  const all = awaitingOf(products);
  // A chosen product whose last image was just reviewed still shows, with nothing left.
  const listed =
    productId && !products.some((p) => p.id === productId)
      ? [...products, { id: productId, name: null, awaiting: 0 }]
      : products;
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-product`} className="block text-sm font-medium text-zinc-800">
          Product
        </label>
        <select
          id={`${id}-product`}
          value={productId ?? ""}
          onChange={(e) => onProduct(e.target.value || undefined)}
          className={SELECT}
        >
          <option value="">All products ({all})</option>
          {listed.map((p) => (
            <option key={p.id} value={p.id}>
              {productName(p.name)} ({p.awaiting})
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-zinc-800">
          Order
        </label>
        <select id={`${id}-sort`} value={sort} onChange={(e) => onSort(e.target.value as QueueSort)} className={SELECT}>
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
        </select>
      </div>
    </div>
  );
}
