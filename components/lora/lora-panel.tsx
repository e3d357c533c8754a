"use client";

import type { StartLoraState } from "@/hooks/use-lora";
import type { ProductView } from "@/lib/types";
import { elapsedSince, hasGivenUp, trainingPhase } from "@/lib/lora/estimate";
import { CheckAgain } from "./check-again";
import { KeptTextureAdvice } from "@/components/textures/kept-texture-advice";
import { NotifyWhenReady } from "./notify-when-ready";
import { resultWords, StartLora } from "./start-lora";
import { TrainingTimeline } from "./training-timeline";
import { useNow } from "@/hooks/use-now";

interface LoraPanelProps {
  product: ProductView;
  start: { state: StartLoraState; start(): void; cancel(): void };
  /** The service answered that a training runs, though this app has no start time for it. */
  runningElsewhere: boolean;
  canCreate: boolean;
  /** Asks the service once more, after the page stopped asking by itself. */
  onCheckAgain(): void;
  checking: boolean;
}

/** A product whose LoRA is not ready: the way to start it, or the estimated training progress. */
export function LoraPanel({ product, start, runningElsewhere, canCreate, onCheckAgain, checking }: LoraPanelProps) {
  const now = useNow(1_000);
  const training = product.lora_started_at !== null || runningElsewhere;
  const elapsed = elapsedSince(product.lora_started_at, now);
  const stuck = elapsed !== null && trainingPhase(elapsed) === "stuck";
  // In training, the button comes back only to ask again: when possibly stuck, or while a start is unresolved.
  const showStart = canCreate && (stuck || ["starting", "waiting", "failed"].includes(start.state.kind));

  if (!training) {
    return (
      <section
        aria-labelledby="lora-heading"
        className="space-y-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6"
      >
        <h2 id="lora-heading" className="text-lg font-semibold">
          Step 2: train the LoRA
        </h2>
        {product.lora_lost_at && (
          <p role="status" className="max-w-prose rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900">
            The service no longer has this product’s LoRA: it refused to generate shots with it. Train it again below.
          </p>
        )}
        <p className="max-w-prose text-sm text-zinc-600">
          Before you can generate product shots, the service trains a LoRA: a small AI model of this product, made from
          its textures. It usually takes 10–30 minutes and runs on its own; you can leave this page meanwhile.
        </p>
        <KeptTextureAdvice productId={product.id} templateId={product.template_id} />
        {canCreate ? (
          <StartLora state={start.state} onStart={start.start} onCancel={start.cancel} />
        ) : (
          <p className="text-sm text-zinc-600">Your role can view products but not start trainings. Ask an editor.</p>
        )}
      </section>
    );
  }

  return (
    <div className="space-y-4">
      {start.state.kind === "started" && !showStart && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {resultWords(start.state.result).title}
        </p>
      )}
      {hasGivenUp(elapsed) ? (
        <CheckAgain onCheck={onCheckAgain} checking={checking} />
      ) : (
        <TrainingTimeline startedAt={product.lora_started_at} ready={false} />
      )}
      {showStart && <StartLora state={start.state} onStart={start.start} onCancel={start.cancel} />}
      <NotifyWhenReady />
    </div>
  );
}
