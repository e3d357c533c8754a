import type {
  CampaignCellState,
  CampaignEstimate,
  CampaignProductState,
  CampaignStatus,
  CampaignSummary,
} from "@/lib/api-types";
import { LORA_TIMING } from "@/lib/lora/estimate";

// The words people read for a campaign: its status, its counts, its times and each shot's state.
// Client-safe, no zod: the list, the form and the progress page all say the same things.

const n = (count: number) => count.toLocaleString("en-US");
const plural = (count: number, one: string, many = `${one}s`) => `${n(count)} ${count === 1 ? one : many}`;

export const STATUS_WORDS: Record<CampaignStatus, string> = {
  training: "Training products first",
  running: "Making shots",
  paused: "Paused",
  done: "Done",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** Colours of a status badge: blue while it works, grey when stopped, green done, red failed. */
export const STATUS_TONE: Record<CampaignStatus, string> = {
  training: "bg-amber-50 text-amber-900 ring-amber-200",
  running: "bg-brand-50 text-brand-800 ring-brand-100",
  paused: "bg-zinc-100 text-zinc-800 ring-zinc-300",
  done: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-zinc-100 text-zinc-700 ring-zinc-300",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/** "118 of 120 ready · 2 failed" (· N cancelled when any were). */
export function progressWords(c: Pick<CampaignSummary, "total" | "ready" | "failed" | "cancelled">): string {
  const parts = [`${n(c.ready)} of ${n(c.total)} ready`];
  if (c.failed > 0) parts.push(`${n(c.failed)} failed`);
  if (c.cancelled > 0) parts.push(`${n(c.cancelled)} cancelled`);
  return parts.join(" · ");
}

/** A time ahead, as roughly as it can be known: "less than a minute", "about 25 min", "about 2 h 10 min". */
export function aboutDuration(ms: number): string {
  if (ms < 60_000) return "less than a minute";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 90) return `about ${minutes} min`;
  // Past an hour and a half, five minutes either way is all the estimate can say.
  const rounded = Math.round(minutes / 5) * 5;
  const h = Math.floor(rounded / 60);
  const m = rounded % 60;
  return `about ${h} h${m ? ` ${m} min` : ""}`;
}

/** "about 12 min left"; null when nothing is left to wait for. */
export function etaWords(etaMs: number | null): string | null {
  return etaMs === null ? null : `${aboutDuration(etaMs)} left`;
}

/** "3 products · 2 scenes · 2 outputs · 1 variation": what the campaign makes. */
export function planWords(c: Pick<CampaignSummary, "product_count" | "prompts" | "outputs" | "variations">): string {
  return [
    plural(c.product_count, "product"),
    plural(c.prompts.length, "scene"),
    plural(c.outputs.length, "output"),
    plural(c.variations, "variation"),
  ].join(" · ");
}

/**
 * The form's summary: "48 shots · 1 product must be trained first (about 20 min) · about 25 min
 * at the service's recent pace".
 */
export function estimateWords(
  e: Pick<CampaignEstimate, "total" | "to_train" | "unknown_products" | "eta_ms" | "shots_left_this_month">,
): string {
  const parts = [plural(e.total, "shot")];
  if (e.to_train > 0) {
    parts.push(`${plural(e.to_train, "product")} must be trained first (${aboutDuration(LORA_TIMING.expectedMs)})`);
  }
  if (e.unknown_products > 0)
    parts.push(`${plural(e.unknown_products, "product")} will be checked with the service first`);
  parts.push(`${aboutDuration(e.eta_ms)} at the service's recent pace`);
  const left = e.shots_left_this_month;
  if (left !== undefined && left !== null) {
    parts.push(
      e.total <= left
        ? `${plural(left, "shot")} left of this month's budget`
        : `only ${plural(left, "shot")} left of this month's budget: the campaign pauses when it reaches it`,
    );
  }
  return parts.join(" · ");
}

/** Over the most one campaign may make: what to do about it. */
export function overMaxWords(total: number, max: number): string {
  return `This campaign would make ${n(total)} shots; a campaign can make at most ${n(max)}. Choose fewer products, scenes or outputs, or fewer variations, or split it into two campaigns.`;
}

export const CELL_WORDS: Record<CampaignCellState, string> = {
  waiting_training: "Waiting for training",
  training: "Training",
  queued: "Queued",
  waiting_service: "Waiting for the service",
  sending: "Sending",
  confirming: "Confirming",
  generating: "Generating",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const PRODUCT_WORDS: Record<CampaignProductState, string> = {
  checking: "Checking its training",
  training: "Training",
  ready: "Trained",
  skipped: "Skipped",
};
