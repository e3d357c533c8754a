"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCreatePrediction } from "@/hooks/use-predictions";
import { createPredictionSchema, MAX_PROMPT_LENGTH } from "@/lib/schemas/prediction";
import type { AspectRatio, ProductView } from "@/lib/types";
import { AspectRatioPicker } from "./aspect-ratio-picker";

/** Prompt + aspect ratio → a new prediction of this product. Errors are shown in the service's words. */
export function GenerateForm({ product }: { product: ProductView }) {
  const id = useId();
  const toast = useToast();
  const create = useCreatePrediction();
  const [prompt, setPrompt] = useState("");
  const [ratio, setRatio] = useState<AspectRatio>("1:1");
  const [promptError, setPromptError] = useState<string | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema as the handler's, so the form refuses what the app would refuse.
    const parsed = createPredictionSchema.safeParse({ product_id: product.id, prompt, aspect_ratio: ratio });
    if (!parsed.success) {
      setPromptError(parsed.error.issues[0]?.message ?? "Check the prompt.");
      return;
    }
    setPromptError(null);
    create.mutate(
      parsed.data,
      {
        onSuccess: () => toast.show("Generating your product shot — this usually takes 30 to 60 seconds.", "success"),
        onError: (error) => toast.show(`Generating failed: ${error.message}`, "error"),
      },
    );
  }

  const describedBy = [`${id}-hint`, promptError && `${id}-error`].filter(Boolean).join(" ");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Generate a product shot</h2>
      <div className="space-y-1">
        <label htmlFor={`${id}-prompt`} className="block text-sm font-medium text-zinc-800">
          Prompt
        </label>
        <textarea
          id={`${id}-prompt`}
          name="prompt"
          rows={3}
          maxLength={MAX_PROMPT_LENGTH}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={describedBy}
          placeholder="e.g. on a marble kitchen counter, morning light, shallow depth of field"
          className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-500 aria-invalid:border-red-500"
        />
        <p id={`${id}-hint`} className="text-xs text-zinc-600">
          Describe the scene around {product.name ? `“${product.name}”` : "your product"}.
        </p>
        {promptError && (
          <p id={`${id}-error`} className="text-xs text-red-700">
            {promptError}
          </p>
        )}
      </div>
      <AspectRatioPicker value={ratio} onChange={setRatio} disabled={create.isPending} />
      {create.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {create.error.message}
        </p>
      )}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Starting…" : "Generate"}
      </Button>
    </form>
  );
}
