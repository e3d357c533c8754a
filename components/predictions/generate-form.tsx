"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useBatchPredictions, type BatchInput } from "@/hooks/use-batch";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useCreatePrediction } from "@/hooks/use-predictions";
import { MAX_PROMPT_LENGTH } from "@/lib/schemas/limits";
import { isAspectRatio, type AspectRatio, type ProductView } from "@/lib/types";
import { AspectRatioPicker } from "./aspect-ratio-picker";
import { GenerateResult, type GenerateOutcome } from "./generate-result";
import {
  GenerateModeSwitch,
  RatioCheckboxes,
  VariationCount,
  variationCountProblem,
  type GenerateMode,
} from "./generate-mode";
import { RecentPrompts } from "./recent-prompts";
import { SavedPrompts } from "./saved-prompts";

/**
 * Prompt + aspect ratio → a new prediction of this product, or a batch (several ratios, or N
 * variations). `?prompt=` and `?ratio=` in the URL pre-fill it ("Use these settings"). Errors are
 * shown in the service's words; a batch shows every item's outcome.
 */
export function GenerateForm({ product }: { product: ProductView }) {
  const id = useId();
  const search = useSearchParams();
  const create = useCreatePrediction();
  const batch = useBatchPredictions();
  const [prompt, setPrompt] = useState(() => search.get("prompt") ?? "");
  const [ratio, setRatio] = useState<AspectRatio>(() => {
    const asked = search.get("ratio");
    return isAspectRatio(asked) ? asked : "1:1";
  });
  const [mode, setMode] = useState<GenerateMode>("one");
  const [ratios, setRatios] = useState<AspectRatio[]>([]);
  // As typed: a number over the limit is said in words, never quietly made smaller.
  const [variationsTyped, setVariationsTyped] = useState("3");
  const variationsProblem = variationCountProblem(variationsTyped);
  const [showVariationsProblem, setShowVariationsProblem] = useState(false);
  const variations = Number(variationsTyped);
  // The same schemas as the handlers', so the form refuses what the app would refuse; loaded
  // with the first check, so zod is not among the page's first scripts.
  const promptCheck = useCheckedForm(
    async () => (await import("@/lib/schemas/prediction")).createPredictionSchema,
    "Check the prompt.",
  );
  const ratiosCheck = useCheckedForm(
    async () => (await import("@/lib/schemas/batch")).batchPredictionSchema,
    "Check the aspect ratios.",
  );
  const promptError = promptCheck.error;
  const [outcome, setOutcome] = useState<GenerateOutcome | null>(null);
  const pending = create.isPending || batch.isPending;
  const failed = (create.isError && mode === "one") || (batch.isError && mode !== "one");
  const failure = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failed) failure.current?.focus();
  }, [failed]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = await promptCheck.check({ product_id: product.id, prompt, aspect_ratio: ratio });
    if (!parsed) return;
    if (mode === "one") {
      setOutcome(null);
      // No toast: the result below the form takes focus and says it (a toast would cover the form).
      create.mutate(parsed, {
        onSuccess: (p) =>
          setOutcome(
            "queued" in p
              ? { kind: "queued", campaignId: p.campaign_id, message: p.message }
              : { kind: "one", id: p.id, prompt: p.prompt },
          ),
      });
      return;
    }
    if (mode === "variations" && variationsProblem) return setShowVariationsProblem(true);
    const input: BatchInput =
      mode === "ratios"
        ? { product_id: product.id, prompt: parsed.prompt, aspect_ratios: ratios }
        : { product_id: product.id, prompt: parsed.prompt, aspect_ratio: ratio, variations };
    if (!(await ratiosCheck.check(input))) return;
    setOutcome(null);
    batch.mutate(input, {
      onSuccess: ({ items, campaign_id }) => setOutcome({ kind: "batch", items, campaignId: campaign_id }),
    });
  }

  const count = mode === "ratios" ? ratios.length : mode === "variations" ? (variationsProblem ? null : variations) : 1;
  const describedBy = [`${id}-hint`, promptError && `${id}-error`].filter(Boolean).join(" ");
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-5 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6"
    >
      <h2 className="text-lg font-semibold">Generate a product shot</h2>
      <div className="space-y-1">
        <div className="relative flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={`${id}-prompt`} className="block text-sm font-medium text-zinc-800">
            Prompt
          </label>
          {product.template_id && (
            <div className="flex flex-wrap gap-2">
              <RecentPrompts templateId={product.template_id} onChoose={setPrompt} />
              <SavedPrompts
                templateId={product.template_id}
                prompt={prompt}
                ratio={ratio}
                onChoose={(p, r) => {
                  setPrompt(p);
                  if (r) setRatio(r);
                }}
              />
            </div>
          )}
        </div>
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
      <GenerateModeSwitch value={mode} onChange={setMode} disabled={pending} />
      {mode === "ratios" ? (
        <RatioCheckboxes value={ratios} onChange={setRatios} error={ratiosCheck.error} disabled={pending} />
      ) : (
        <AspectRatioPicker value={ratio} onChange={setRatio} disabled={pending} />
      )}
      {mode === "variations" && (
        <VariationCount
          id={`${id}-variations`}
          value={variationsTyped}
          onChange={(typed) => {
            setVariationsTyped(typed);
            // Said while typing once it is over the limit; an empty box waits for the submit.
            setShowVariationsProblem(typed.trim() !== "");
          }}
          error={showVariationsProblem ? variationsProblem : null}
        />
      )}
      {create.isError && mode === "one" && (
        <p ref={failure} tabIndex={-1} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {create.error.message}
        </p>
      )}
      {batch.isError && mode !== "one" && (
        <p ref={failure} tabIndex={-1} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Nothing was generated: {batch.error.message}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending
          ? "Starting…"
          : mode === "one"
            ? "Generate"
            : `Generate ${count ?? ""} ${mode === "ratios" ? "aspect ratios" : "variations"}`.replace("  ", " ")}
      </Button>
      {outcome && <GenerateResult productId={product.id} outcome={outcome} onDismiss={() => setOutcome(null)} />}
    </form>
  );
}
