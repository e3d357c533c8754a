import Link from "next/link";
import { memo } from "react";
import type { CampaignCell, CampaignOutputView, CampaignProductView } from "@/lib/api-types";
import { presetById, type ChannelPresetId } from "@/lib/schemas/channel-presets";
import type { AspectRatio } from "@/lib/types";
import { ProductState } from "./product-state";
import { ShotCell } from "./shot-cell";

/** "Instagram portrait (1080 × 1350)" → "Instagram portrait": the column head has little room. */
const presetName = (id: string) => presetById(id as ChannelPresetId).label.replace(/\s*\(.*$/, "");

/** A ratio's column head: the ratio, and the channels it stands for. */
export function ratioHeading(ratio: AspectRatio, outputs: readonly CampaignOutputView[]): string {
  const channels = outputs.flatMap((o) => (o.aspect_ratio === ratio && o.channel ? [presetName(o.channel)] : []));
  return channels.length ? `${ratio} · ${channels.join(", ")}` : ratio;
}

export interface ProductShotsProps {
  product: CampaignProductView;
  /** This product's cells only. */
  cells: CampaignCell[];
  /** What changed in them, so an unchanged product is not drawn again on each poll. */
  signature: string;
  prompts: string[];
  ratios: AspectRatio[];
  headings: string[];
}

/**
 * One product: its state, then a table of its shots, scenes as rows and ratios as columns
 * (variations side by side in a cell). The table scrolls in its own box on a narrow screen, the
 * scene column staying in view.
 */
export const ProductShots = memo(function ProductShots({
  product,
  cells,
  prompts,
  ratios,
  headings,
}: ProductShotsProps) {
  const at = new Map<string, CampaignCell[]>();
  for (const cell of cells) {
    const key = `${cell.prompt_index}|${cell.aspect_ratio}`;
    at.set(key, [...(at.get(key) ?? []), cell]);
  }
  const ready = cells.filter((c) => c.state === "done").length;
  const headingId = `campaign-product-${product.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="min-w-0 text-base font-medium break-words">
          <Link
            prefetch={false}
            href={`/products/${encodeURIComponent(product.id)}`}
            className="text-zinc-900 underline-offset-2 hover:underline"
          >
            {product.name}
          </Link>
        </h3>
        <p className="text-sm text-zinc-600">
          {ready} of {cells.length} ready
        </p>
      </div>
      <ProductState product={product} />
      <div
        role="region"
        aria-label={`Shots of ${product.name}`}
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="border-separate border-spacing-1 text-left text-sm">
          <caption className="sr-only">Shots of {product.name}: scenes by output</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-white px-1 text-xs font-medium text-zinc-600">
                Scene
              </th>
              {headings.map((heading) => (
                <th key={heading} scope="col" className="px-1 text-xs font-medium whitespace-nowrap text-zinc-600">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {prompts.map((prompt, p) => (
              <tr key={p}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 w-28 max-w-28 bg-white px-1 align-middle text-xs font-normal text-zinc-800 sm:w-48 sm:max-w-48"
                >
                  <span className="line-clamp-3 break-words" title={prompt}>
                    {prompt}
                  </span>
                </th>
                {ratios.map((ratio) => (
                  <td key={ratio} className="align-top">
                    <div className="flex gap-1">
                      {(at.get(`${p}|${ratio}`) ?? []).map((cell) => (
                        <ShotCell
                          key={cell.variation}
                          cell={cell}
                          label={`Scene ${p + 1}, ${ratio}, variation ${cell.variation}`}
                        />
                      ))}
                    </div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}, sameShots);

/** Each poll answers new objects: compare what is drawn, so only products whose shots changed draw again. */
function sameShots(a: ProductShotsProps, b: ProductShotsProps): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  const [p, q] = [a.product, b.product];
  return (
    a.signature === b.signature &&
    p.id === q.id &&
    p.name === q.name &&
    p.state === q.state &&
    p.reason === q.reason &&
    p.training_started_at === q.training_started_at &&
    same(a.headings, b.headings) &&
    same(a.prompts, b.prompts) &&
    same(a.ratios, b.ratios)
  );
}
