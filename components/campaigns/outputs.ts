import { ASPECT_RATIO_OPTIONS } from "@/components/predictions/aspect-ratio";
import { CHANNEL_PRESETS } from "@/lib/schemas/channel-presets";
import { LORA_FILTERS, type LoraFilter } from "@/lib/schemas/product-params";

// What the campaign form offers, without zod (the form's page must not load it at once).

/**
 * The channel presets a campaign can name: each one that stands for a ratio. The same rule as
 * CAMPAIGN_CHANNELS in lib/schemas/campaign.ts (which sits with zod); a test holds them equal.
 */
export const CHANNEL_OPTIONS = CHANNEL_PRESETS.flatMap((preset) =>
  preset.ratio ? [{ value: preset.id as string, label: preset.label, ratio: preset.ratio }] : [],
);

export const RATIO_OPTIONS = ASPECT_RATIO_OPTIONS;

const LORA_WORDS: Record<LoraFilter, string> = {
  ready: "trained",
  training: "training",
  not_started: "not trained yet",
};

/** A Products page filter (its query string) as a person reads it: "named “lemon”, trained". */
export function productsFilterWords(filter: string): string {
  const params = new URLSearchParams(filter);
  const parts: string[] = [];
  const q = params.get("q")?.trim();
  if (q) parts.push(`named “${q}”`);
  if (params.get("template_id")) parts.push("of one template");
  const lora = params.get("lora");
  if (lora && (LORA_FILTERS as readonly string[]).includes(lora)) parts.push(LORA_WORDS[lora as LoraFilter]);
  return parts.length ? parts.join(", ") : "every product";
}
