"use client";

import Link from "next/link";
import { LoraBadge } from "@/components/lora/lora-badge";
import { useRecentProducts } from "@/hooks/use-products";
import { formatDateTime } from "@/lib/format";
import { productName } from "@/lib/words/product-name";

// A long list would push the latest shots off the screen: the newest few, and the Products page for the rest.
const FIRST = 6;

/** The most recent products, each with its LoRA state and a link to its page. */
export function ProductList({ canCreate }: { canCreate: boolean }) {
  const query = useRecentProducts(FIRST);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading products" className="space-y-2">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        Products could not be loaded: {query.error.message}
      </p>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-700">
        No products yet.{" "}
        {canCreate ? (
          <Link prefetch={false} href="/products/new" className="font-medium text-brand-700 underline">
            Create your first product
          </Link>
        ) : (
          "An editor creates them; they will appear here."
        )}
      </p>
    );
  }
  const { items, total } = query.data;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
        {items.map((product) => (
          <li
            key={product.id}
            className="relative flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-inset hover:bg-zinc-50"
          >
            <div className="min-w-0 flex-1">
              <Link
                prefetch={false}
                href={`/products/${product.id}`}
                className="block truncate font-medium text-zinc-900 outline-none after:absolute after:inset-0 focus-visible:underline"
              >
                {productName(product.name)}
              </Link>
              <p className="truncate text-xs text-zinc-600">
                {product.template_name ?? "Unknown template"}
                {product.created_at ? ` · created ${formatDateTime(product.created_at)}` : ""}
              </p>
            </div>
            <LoraBadge product={product} />
          </li>
        ))}
      </ul>
      <Link prefetch={false} href="/products" className="inline-block text-sm font-medium text-brand-700 underline">
        {total > items.length ? `See all ${total.toLocaleString("en-US")} products` : "Find and filter products"}
      </Link>
    </div>
  );
}
