"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useCampaignEstimate, useCreateCampaign } from "@/hooks/use-campaigns";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useProductIds } from "@/hooks/use-product-ids";
import { campaignOutputs, shotCount, shotRatios } from "@/lib/schemas/campaign-plan";
import { MAX_CAMPAIGN_NAME_LENGTH } from "@/lib/schemas/limits";
import type { CampaignProductChoice } from "@/lib/api-types";
import type { AspectRatio } from "@/lib/types";
import { CampaignSummary } from "./campaign-summary";
import { OutputChoice, VariationChoice } from "./output-choice";
import { productsFilterWords } from "./outputs";
import { FilterChip, ProductChips } from "./product-chips";
import { ProductSearch } from "./product-search";
import { SceneList } from "./scene-list";

const SECTION = "space-y-3 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6";
const HEADING = "text-base font-semibold text-zinc-900";

/**
 * A new campaign: name, products (from the Products page, by name, or every match of its filter),
 * scenes, outputs and variations, with what it will make shown before it starts. Checked with the
 * handler's own schema on Start (loaded then, so zod is not among the page's first scripts); a
 * refusal is shown in the server's words and takes the focus.
 */
export function NewCampaignForm({
  initialProducts,
  productsFilter,
}: {
  initialProducts: CampaignProductChoice[];
  productsFilter: string | null;
}) {
  const id = useId();
  const router = useRouter();
  const [name, setName] = useState("");
  const [products, setProducts] = useState(initialProducts);
  const [filter, setFilter] = useState(productsFilter);
  const matching = useProductIds(filter);
  const [scenes, setScenes] = useState<string[]>([]);
  const [ratios, setRatios] = useState<AspectRatio[]>([]);
  const [channels, setChannels] = useState<string[]>([]);
  const [variations, setVariations] = useState(1);
  const create = useCreateCampaign();
  const form = useCheckedForm(async () => (await import("@/lib/schemas/campaign")).createCampaignSchema);
  const problemRef = useRef<HTMLDivElement>(null);
  // Each time it is said, even in the same words as before.
  useEffect(() => {
    if (form.said > 0) problemRef.current?.focus();
  }, [form.said]);
  /** A change to the choices: what was said about the earlier ones no longer stands. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      form.setError(null);
      set(value);
    };

  const filterIds = filter !== null ? matching.data?.ids : undefined;
  const productIds = useMemo(
    () => [...new Set([...products.map((p) => p.id), ...(filterIds ?? [])])],
    [products, filterIds],
  );
  const outputs = campaignOutputs(ratios, channels);
  const made = shotRatios(outputs);
  const local = shotCount({ products: productIds.length, prompts: scenes.length, ratios: made.length, variations });
  const complete = productIds.length > 0 && scenes.length > 0 && outputs.length > 0;
  // The estimate does not depend on the name; a fixed one keeps typing it from asking again.
  const estimate = useCampaignEstimate(
    complete
      ? { name: "estimate", product_ids: productIds, prompts: scenes, aspect_ratios: ratios, channels, variations }
      : null,
  );
  const overMax = complete && estimate.data !== undefined && local > estimate.data.max;
  const templateId =
    products.find((p) => p.template_id)?.template_id ??
    (filter !== null ? new URLSearchParams(filter).get("template_id") : null);
  const busy = create.isPending || create.isSuccess;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await form.check({
      name,
      product_ids: productIds,
      prompts: scenes,
      aspect_ratios: ratios,
      channels,
      variations,
    });
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: (view) => router.push(`/campaigns/${encodeURIComponent(view.id)}`),
      onError: form.refused,
    });
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
      <section aria-labelledby={`${id}-name`} className={SECTION}>
        <h2 id={`${id}-name`} className={HEADING}>
          1. Name
        </h2>
        <div className="max-w-md">
          <Field
            label="Campaign name"
            value={name}
            onChange={(e) => edit(setName)(e.target.value)}
            maxLength={MAX_CAMPAIGN_NAME_LENGTH}
            hint="How your team will find it, e.g. “Summer launch 2025”."
            disabled={busy}
            required
          />
        </div>
      </section>

      <section aria-labelledby={`${id}-products`} className={SECTION}>
        <h2 id={`${id}-products`} className={HEADING}>
          2. Products
        </h2>
        <p className="text-sm text-zinc-600">
          Products not trained yet are trained first. Choose many at once on the{" "}
          <Link prefetch={false} href="/products" className="font-medium text-brand-700 underline">
            Products page
          </Link>
          .
        </p>
        {filter !== null && (
          <FilterChip
            words={productsFilterWords(filter)}
            count={matching.data?.ids.length ?? null}
            state={matching.isPending ? "loading" : matching.isError ? "error" : "ready"}
            note={matching.isError ? matching.error.message : (matching.data?.message ?? null)}
            onRemove={() => edit(setFilter)(null)}
          />
        )}
        <ProductChips
          products={products}
          onRemove={(removed) => edit(setProducts)(products.filter((p) => p.id !== removed))}
        />
        <ProductSearch
          chosen={(productId) => products.some((p) => p.id === productId)}
          onAdd={(product) =>
            edit(setProducts)(products.some((p) => p.id === product.id) ? products : [...products, product])
          }
        />
      </section>

      <section aria-labelledby={`${id}-scenes`} className={SECTION}>
        <h2 id={`${id}-scenes`} className={HEADING}>
          3. Scenes
        </h2>
        <SceneList
          scenes={scenes}
          onChange={edit(setScenes)}
          templateId={templateId}
          ratio={made[0] ?? "1:1"}
          disabled={busy}
        />
      </section>

      <section aria-labelledby={`${id}-outputs`} className={SECTION}>
        <h2 id={`${id}-outputs`} className={HEADING}>
          4. Outputs
        </h2>
        <p className="text-sm text-zinc-600">
          Where the shots will go. A channel is made in its aspect ratio and exported at its size; outputs of the same
          ratio share their shots.
        </p>
        <OutputChoice
          ratios={ratios}
          channels={channels}
          onRatios={edit(setRatios)}
          onChannels={edit(setChannels)}
          disabled={busy}
        />
        <VariationChoice value={variations} onChange={edit(setVariations)} disabled={busy} />
      </section>

      <div className="space-y-4">
        <CampaignSummary local={local} complete={complete} estimate={estimate} overMax={overMax} />
        {form.error && (
          <div
            ref={problemRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-red-600"
          >
            <p className="font-medium">The campaign was not started:</p>
            <p>{form.error}</p>
          </div>
        )}
        {/* Not while the filter's products are still being found: it would start without them. */}
        <Button
          type="submit"
          className="min-h-11 w-full sm:w-auto"
          disabled={busy || overMax || (filter !== null && matching.isPending)}
        >
          {create.isPending ? "Starting…" : create.isSuccess ? "Opening the campaign…" : "Start campaign"}
        </Button>
      </div>
    </form>
  );
}
