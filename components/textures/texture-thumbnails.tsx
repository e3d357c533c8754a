"use client";

import { useSlotLabels } from "@/hooks/use-slot-labels";
import type { ProductView } from "@/lib/types";

/**
 * The textures a product was created from, one thumbnail per slot under the slot's label (the
 * template's words; the key only when the template gives none or is gone). A slot the app kept no
 * thumbnail of (a product from before it kept them) says so in the thumbnail's place.
 */
export function TextureThumbnails({ product }: { product: ProductView }) {
  const labelOf = useSlotLabels(product.template_id);
  const thumbs = new Map((product.texture_thumbnails ?? []).map((t) => [t.key, t.url]));
  if (product.texture_keys.length === 0) {
    return <p className="text-sm text-zinc-600">This app did not record the product’s textures.</p>;
  }
  return (
    <ul className="flex flex-wrap gap-3">
      {product.texture_keys.map((key) => {
        const url = thumbs.get(key);
        return (
          <li key={key} className="w-24 space-y-1 text-xs text-zinc-700">
            {url ? (
              // eslint-disable-next-line @next/next/no-img-element -- the app's own small WebP; next/image would resize it again
              <img
                src={url}
                alt={`${labelOf(key)} texture`}
                width={96}
                height={96}
                loading="lazy"
                className="size-24 rounded-md border border-zinc-200 object-cover"
              />
            ) : (
              <div className="flex size-24 items-center justify-center rounded-md border border-dashed border-zinc-300 bg-zinc-50 p-2 text-center text-zinc-600">
                No preview kept
              </div>
            )}
            <p className="break-words">{labelOf(key)}</p>
          </li>
        );
      })}
    </ul>
  );
}
