"use client";

import type { ProductView } from "@/lib/types";
import { elapsedSince, hasGivenUp, trainingPhase } from "@/lib/lora/estimate";
import { useNow } from "@/hooks/use-now";

const TONE = {
  none: "bg-zinc-100 text-zinc-700 ring-zinc-300",
  training: "bg-amber-50 text-amber-900 ring-amber-300",
  slow: "bg-orange-50 text-orange-900 ring-orange-300",
  ready: "bg-emerald-50 text-emerald-800 ring-emerald-300",
} as const;

const DOT = {
  none: "bg-zinc-400",
  training: "bg-amber-500 motion-safe:animate-pulse",
  slow: "bg-orange-500",
  ready: "bg-emerald-500",
} as const;

/** "4 min", "1 h 5 min", "< 1 min": minutes are enough for a badge. */
function minutes(ms: number): string {
  const total = Math.floor(ms / 60_000);
  if (total < 1) return "< 1 min";
  const h = Math.floor(total / 60);
  return h > 0 ? `${h} h ${total % 60} min` : `${total} min`;
}

/**
 * A product's LoRA state in words and colour: "Not started", "Training · 4 min", "Ready",
 * "Not finished" (past the give-up time) or "Needs training again" (the service lost it).
 */
export function LoraBadge({ product, className = "" }: { product: ProductView; className?: string }) {
  const now = useNow(5_000);
  const elapsed = elapsedSince(product.lora_started_at, now);
  let tone: keyof typeof TONE = "none";
  let text = product.lora_lost_at ? "Needs training again" : "Not started";
  if (product.lora_enabled === 1) {
    tone = "ready";
    text = "Ready";
  } else if (hasGivenUp(elapsed)) {
    tone = "slow";
    text = "Not finished · check again";
  } else if (elapsed !== null) {
    const phase = trainingPhase(elapsed);
    tone = phase === "slow" || phase === "stuck" ? "slow" : "training";
    text = `Training · ${minutes(elapsed)}${phase === "stuck" ? " · possibly stuck" : phase === "slow" ? " · slow" : ""}`;
  }
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONE[tone]} ${className}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${DOT[tone]}`} />
      <span className="sr-only">LoRA: </span>
      <span>{text}</span>
    </span>
  );
}
