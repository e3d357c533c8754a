import { LoraBadge } from "@/components/lora/lora-badge";
import { TextureThumbnails } from "@/components/textures/texture-thumbnails";
import { LocalDateTime } from "@/components/ui/local-date-time";
import type { ProductView } from "@/lib/types";
import { productName } from "@/lib/words/product-name";
import { VersionLinks } from "./version-links";

/** The product's name, template and textures, with its LoRA state. */
export function ProductSummary({ product }: { product: ProductView }) {
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{productName(product.name)}</h1>
        <LoraBadge product={product} />
      </div>
      <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <div>
          <dt className="text-zinc-500">Template</dt>
          <dd className="font-medium">
            {product.template_name ?? (product.template_id ? `Template ${product.template_id}` : "Unknown")}
          </dd>
        </div>
        {product.created_at && (
          <div>
            <dt className="text-zinc-500">Created</dt>
            <dd className="font-medium">
              <LocalDateTime value={new Date(product.created_at)} />
            </dd>
          </div>
        )}
      </dl>
      {product.archived_at && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Archived on <LocalDateTime value={new Date(product.archived_at)} />: it is left out of lists and pickers. Its
          shots stay in the gallery and the review queue.
        </p>
      )}
      <VersionLinks product={product} />
      <section aria-labelledby="product-textures-heading" className="space-y-2">
        <h2 id="product-textures-heading" className="text-sm text-zinc-500">
          Textures
        </h2>
        <TextureThumbnails product={product} />
      </section>
    </header>
  );
}
