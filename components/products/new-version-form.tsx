"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { ChosenTexture } from "@/components/textures/texture-file";
import { TextureDropZone } from "@/components/textures/texture-drop-zone";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useHydrated } from "@/hooks/use-hydrated";
import { useCreateVersion } from "@/hooks/use-products";
import { useLoraTemplates } from "@/hooks/use-templates";
import { MAX_PRODUCT_NAME } from "@/lib/schemas/product-limits";
import type { ProductView } from "@/lib/types";
import { productName } from "@/lib/words/product-name";

/**
 * "New version with these textures": the service cannot change a product, so a new product is
 * made from the same template, with the images chosen here and this product's own for the rest.
 */
export function NewVersionForm({ product }: { product: ProductView }) {
  const [open, setOpen] = useState(false);
  // Drawn on the server too: a press before the page runs would be lost, so it waits for it.
  const ready = useHydrated();
  if (!open) {
    return (
      <Button type="button" variant="secondary" disabled={!ready} onClick={() => setOpen(true)}>
        New version with other textures
      </Button>
    );
  }
  return <VersionForm product={product} onCancel={() => setOpen(false)} />;
}

function VersionForm({ product, onCancel }: { product: ProductView; onCancel: () => void }) {
  const titleId = useId();
  const router = useRouter();
  const toast = useToast();
  const create = useCreateVersion(product.id);
  const templates = useLoraTemplates();
  const [name, setName] = useState(product.name ?? "");
  // The handler's own rule for a name, loaded with the first check.
  const nameCheck = useCheckedForm(
    async () => (await import("@/lib/schemas/product")).createProductFieldsSchema.shape.name,
    "Check the name.",
  );
  const [chosen, setChosen] = useState<Record<string, ChosenTexture | null>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const templateSlots = templates.data?.find((t) => t.id === product.template_id)?.texture_slots ?? [];
  // The template's slots, else the ones the product was made with.
  const slots = templateSlots.length > 0 ? templateSlots : product.texture_keys.map((key) => ({ key, label: key }));
  const thumbs = new Map((product.texture_thumbnails ?? []).map((t) => [t.key, t.url]));
  const has = new Set(product.texture_keys);
  const kept = new Set(product.kept_texture_keys ?? []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await nameCheck.check(name);
    const textures = slots.flatMap((slot) =>
      chosen[slot.key] ? [{ key: slot.key, file: chosen[slot.key]!.file }] : [],
    );
    setProblem(
      textures.length === 0 ? "Choose at least one image to replace or add: the rest come from this product." : null,
    );
    if (checked === null || textures.length === 0) return;
    create.mutate(
      { name: checked, textures },
      {
        onSuccess: (made) => {
          const leftOut =
            made.left_out.length > 0
              ? ` It has no texture for ${made.left_out.join(", ")}: the app had not kept that file.`
              : "";
          toast.show(
            `“${productName(made.name)}” was made as a new version. Next: train its LoRA.${leftOut}`,
            "success",
          );
          router.push(`/products/${encodeURIComponent(made.id)}`);
        },
      },
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        New version with other textures
      </h2>
      <p className="max-w-prose text-sm text-zinc-600">
        A product’s textures cannot be changed at the service. This makes a new product from the same template, with the
        images you choose here and this product’s own for the other slots. Its LoRA is trained again; this product and
        its shots stay as they are.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <div className="max-w-md">
          <Field
            label="Name of the new version"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={MAX_PRODUCT_NAME}
            error={nameCheck.error ?? undefined}
          />
        </div>
        <ul className="grid gap-4 md:grid-cols-2">
          {slots.map((slot) => {
            const label = slot.label || slot.key;
            const url = thumbs.get(slot.key);
            return (
              <li key={slot.key} className="space-y-2 rounded-lg border border-zinc-200 p-3">
                <p className="flex items-center gap-2 text-sm font-medium text-zinc-900">
                  {url && (
                    // eslint-disable-next-line @next/next/no-img-element -- the app's own small WebP
                    <img
                      src={url}
                      alt=""
                      width={32}
                      height={32}
                      className="size-8 rounded border border-zinc-200 object-cover"
                    />
                  )}
                  {label}
                  <span className="font-normal text-zinc-600">
                    · {slotWords(has.has(slot.key), kept.has(slot.key))}
                  </span>
                </p>
                <TextureDropZone
                  label={label}
                  value={chosen[slot.key] ?? null}
                  onChange={(t) => setChosen((all) => ({ ...all, [slot.key]: t }))}
                  disabled={create.isPending}
                />
              </li>
            );
          })}
        </ul>
        {(problem || create.isError) && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem ?? `The new version was not made: ${create.error?.message}`}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending || create.isSuccess}>
            {create.isPending ? "Making the new version…" : "Make the new version"}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

/** What the new version gets for a slot when no image is chosen for it. */
function slotWords(has: boolean, kept: boolean): string {
  if (!has) return "empty in this product";
  if (kept) return "this product’s image, unless you choose another";
  return "its file was not kept: choose it again, or the new version goes without it";
}
