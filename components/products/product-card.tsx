"use client";

import Link from "next/link";
import { LoraBadge } from "@/components/lora/lora-badge";
import { TILE_SIZES } from "@/components/gallery/grid-geometry";
import { FallbackImg } from "@/components/ui/fallback-img";
import { shotSrcSet, thumbUrl } from "@/lib/images/thumb-url";
import { imageCountWords } from "@/lib/image-count";
import type { ProductListItem } from "@/lib/types";
import { productName } from "@/lib/words/product-name";

/** Height of the caption under the square preview; fixed so every grid row has the same height. */
export const PRODUCT_CAPTION_PX = 112;

/**
 * One product: its template's preview, name (the link to its page, where shots are generated),
 * template, LoRA state and number of images; with `onSelect`, a checkbox to choose it for a campaign.
 */
export function ProductCard({
  product,
  eager,
  selected,
  onSelect,
}: {
  product: ProductListItem;
  eager?: boolean;
  selected?: boolean;
  /** Offers a checkbox to choose the product for a campaign (people who may start one). */
  onSelect?: (id: string, selected: boolean) => void;
}) {
  const name = productName(product.name);
  return (
    <article
      className={`group relative h-full overflow-hidden rounded-lg border bg-white shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md ${
        selected ? "border-brand-600 ring-2 ring-brand-600" : "border-zinc-200"
      }`}
    >
      {onSelect && (
        // Above the card's link (z-10), a 44 px target of its own; named after the product for screen readers.
        <label className="absolute top-2 left-2 z-10 flex size-11 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={selected ?? false}
            onChange={(event) => onSelect(product.id, event.target.checked)}
            aria-label={`Select ${name}`}
          />
        </label>
      )}
      <div className="relative aspect-square bg-zinc-100">
        {product.preview_url ? (
          // A plain img: the thumb route (or the app's own texture preview) already serves a small WebP.
          // A template preview comes in the thumbnail route's widths, chosen by the browser from the
          // grid's tile sizes (the same before and after the grid is measured: fetched once).
          <FallbackImg
            {...(product.preview_url.startsWith("/")
              ? { src: product.preview_url }
              : {
                  srcSet: shotSrcSet(product.preview_url),
                  sizes: TILE_SIZES,
                  src: thumbUrl(product.preview_url, 240),
                })}
            alt=""
            label={`preview of ${name}`}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            // The first rows are painted with the frame that has them, not a frame later.
            decoding={eager ? undefined : "async"}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center text-4xl font-semibold text-zinc-400"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <div className="space-y-1.5 overflow-hidden p-3" style={{ height: PRODUCT_CAPTION_PX }}>
        <h2 className="truncate text-sm font-medium text-zinc-900">
          {/* The whole card is the link's target area. */}
          <Link
            prefetch={false}
            href={`/products/${encodeURIComponent(product.id)}`}
            className="outline-none after:absolute after:inset-0"
          >
            {name}
          </Link>
        </h2>
        <p className="truncate text-xs text-zinc-600">{product.template_name ?? "Unknown template"}</p>
        <LoraBadge product={product} />
        {product.archived_at && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Archived</span>
        )}
        <p className="text-xs text-zinc-600">
          {/* Images, the app's one unit; a shot still generating has none yet. */}
          {product.images === 0 ? "No images yet" : imageCountWords(product.images)}
        </p>
      </div>
    </article>
  );
}
