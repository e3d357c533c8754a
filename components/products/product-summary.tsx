import { LoraBadge } from "@/components/lora/lora-badge";
import { LocalDateTime } from "@/components/ui/local-date-time";
import type { ProductView } from "@/lib/types";

/** The product's name, template and texture keys, with its LoRA state. */
export function ProductSummary({ product }: { product: ProductView }) {
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{product.name ?? "Unnamed product"}</h1>
        <LoraBadge product={product} />
      </div>
      <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[auto_auto_1fr]">
        <div>
          <dt className="text-zinc-500">Template</dt>
          <dd className="font-medium">{product.template_name ?? (product.template_id ? `Template ${product.template_id}` : "Unknown")}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Texture keys</dt>
          <dd className="font-medium">
            {product.texture_keys.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {product.texture_keys.map((key) => (
                  <li key={key} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-800">
                    {key}
                  </li>
                ))}
              </ul>
            ) : (
              "Not recorded"
            )}
          </dd>
        </div>
        {product.created_at && (
          <div>
            <dt className="text-zinc-500">Created</dt>
            <dd className="font-medium"><LocalDateTime value={new Date(product.created_at)} /></dd>
          </div>
        )}
      </dl>
    </header>
  );
}
