"use client";

import Link from "next/link";
import { PendingShot } from "@/components/predictions/pending-shot";
import { ShotImage } from "@/components/predictions/shot-image";
import { usePredictions } from "@/hooks/use-predictions";
import { FIRST_PAGE } from "@/lib/query-keys";

const COUNT = FIRST_PAGE.recentShots;
// Two columns on a phone, four from 640 px, in the page's 1104 px column (gaps 12 px, padding 16/24 px).
const SIZES = "(min-width: 1152px) 267px, (min-width: 640px) calc((100vw - 84px) / 4), calc((100vw - 44px) / 2)";

/** The most recent predictions as thumbnails, each linking to its page. */
export function RecentShots() {
  const query = usePredictions({ limit: COUNT });
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading product shots" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="aspect-square animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        Product shots could not be loaded: {query.error.message}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-700">
        No product shots yet — once a product’s LoRA is ready, generate one from its page.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
      {query.data.slice(0, COUNT).map((p, i) => (
        <li key={p.id}>
          <Link
            prefetch={false}
            href={`/predictions/${p.id}`}
            className="block overflow-hidden rounded-lg border border-zinc-200 bg-white hover:shadow-md"
          >
            {/* Square thumbnails keep the dashboard tidy; the gallery shows each at its own ratio. */}
            {p.images.length > 0 ? (
              <ShotImage
                src={p.images[0]}
                alt={p.prompt}
                ratio="1:1"
                sizes={SIZES}
                loading={i === 0 ? "priority" : "lazy"}
              />
            ) : (
              <PendingShot prediction={{ ...p, aspect_ratio: "1:1" }} compact />
            )}
            <p
              className="truncate px-2 py-1.5 text-xs text-zinc-700"
              aria-hidden={p.images.length > 0 ? true : undefined}
            >
              {p.product_name ?? p.prompt}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
