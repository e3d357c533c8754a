import { presetById, type ChannelPresetId } from "@/lib/schemas/channel-presets";
import { ASPECT_RATIOS, type AspectRatio } from "@/lib/types";

// What a campaign will make, from what the person chose: one rule for the form's count and the
// server's jobs. Client-safe. A channel preset stands for its ratio; two outputs of one ratio
// (a ratio and a preset of it, or two presets) share their shots, which are exported for each.

export interface CampaignOutput {
  aspect_ratio: AspectRatio;
  /** The channel preset the person chose; null when they chose the ratio itself. */
  channel: string | null;
}

export function campaignOutputs(aspectRatios: readonly AspectRatio[], channels: readonly string[]): CampaignOutput[] {
  return [
    ...aspectRatios.map((aspect_ratio) => ({ aspect_ratio, channel: null })),
    ...channels.flatMap((id) => {
      const ratio = presetById(id as ChannelPresetId).ratio;
      return ratio ? [{ aspect_ratio: ratio, channel: id }] : [];
    }),
  ];
}

/** The distinct ratios to make, in the interface's order of ratios. */
export function shotRatios(outputs: readonly CampaignOutput[]): AspectRatio[] {
  const wanted = new Set(outputs.map((o) => o.aspect_ratio));
  return ASPECT_RATIOS.filter((r) => wanted.has(r));
}

export function shotCount(plan: { products: number; prompts: number; ratios: number; variations: number }): number {
  return plan.products * plan.prompts * plan.ratios * plan.variations;
}
