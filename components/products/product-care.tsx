"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useHydrated } from "@/hooks/use-hydrated";
import { useChangeProduct } from "@/hooks/use-products";
import { MAX_PRODUCT_NAME } from "@/lib/schemas/product-limits";
import type { ProductView } from "@/lib/types";
import { productName } from "@/lib/words/product-name";

/** Rename and archive (or bring back): kept by the app, since the service has no product update. */
export function ProductCare({ product }: { product: ProductView }) {
  const change = useChangeProduct(product.id);
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(product.name ?? "");
  // The handler's own schema, so the form refuses what the server would; loaded with the first check.
  const nameCheck = useCheckedForm(
    async () => (await import("@/lib/schemas/product")).createProductFieldsSchema.shape.name,
    "Check the name.",
  );
  const archived = product.archived_at !== null;
  // Drawn on the server too: a press before the page runs would be lost, so they wait for it.
  const ready = useHydrated();

  async function rename(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await nameCheck.check(name);
    if (checked === null) return;
    change.mutate(
      { name: checked },
      {
        onSuccess: (answer) => {
          setRenaming(false);
          toast.show(`Renamed to “${productName(answer.name)}”.`, "success");
        },
      },
    );
  }

  function toggleArchive() {
    change.mutate(
      { archived: !archived },
      {
        onSuccess: () =>
          toast.show(
            archived
              ? "The product is back in lists and pickers."
              : "Archived: the product has left lists and pickers. Its shots stay.",
            "success",
          ),
      },
    );
  }

  return (
    <section aria-label="Look after this product" className="space-y-3">
      {renaming ? (
        <form onSubmit={(event) => void rename(event)} noValidate className="flex max-w-xl flex-wrap items-end gap-2">
          <div className="min-w-64 flex-1">
            <Field
              label="New name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={MAX_PRODUCT_NAME}
              error={nameCheck.error ?? undefined}
              autoFocus
            />
          </div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Saving…" : "Save name"}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setRenaming(false)} disabled={change.isPending}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            disabled={!ready}
            onClick={() => {
              setName(product.name ?? "");
              nameCheck.setError(null);
              change.reset();
              setRenaming(true);
            }}
          >
            Rename
          </Button>
          <Button type="button" variant="secondary" onClick={toggleArchive} disabled={!ready || change.isPending}>
            {archived ? "Bring back from the archive" : "Archive"}
          </Button>
        </div>
      )}
      {change.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Nothing was changed: {change.error.message}
        </p>
      )}
    </section>
  );
}
