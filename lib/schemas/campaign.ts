import { z } from "zod";
import { CHANNEL_PRESETS } from "@/lib/schemas/channel-presets";
import { ASPECT_RATIO_MESSAGE, ASPECT_RATIOS } from "@/lib/types";
import { emptyToUndefined, pageLimit } from "./query-params";
import {
  MAX_CAMPAIGN_NAME_LENGTH,
  MAX_CAMPAIGN_PRODUCTS,
  MAX_CAMPAIGN_PROMPTS,
  MAX_CAMPAIGN_VARIATIONS,
  MAX_PROMPT_LENGTH,
} from "./limits";
import { hasHiddenFormatting, HIDDEN_FORMATTING_WORDS } from "./hidden-characters";

// POST /api/campaigns (and its estimate), used by the campaign form and by the handler. Outputs
// are aspect ratios, or channel presets that stand for one (a preset's shots are made in its
// ratio and exported at its size); shots are made once per distinct ratio.

/** The presets a campaign can name: every one that asks for a ratio. */
export const CAMPAIGN_CHANNELS = CHANNEL_PRESETS.flatMap((p) => (p.ratio ? [p.id] : [])) as [string, ...string[]];

const unique = <T>(list: T[]) => new Set(list).size === list.length;
const variationsWords = `variations must be a whole number from 1 to ${MAX_CAMPAIGN_VARIATIONS}`;

export const createCampaignSchema = z
  .object({
    name: z
      .string({ message: "Name the campaign" })
      .trim()
      .min(1, "Name the campaign")
      .max(MAX_CAMPAIGN_NAME_LENGTH, `Keep the name under ${MAX_CAMPAIGN_NAME_LENGTH} characters`)
      .refine((name) => !hasHiddenFormatting(name), `The name ${HIDDEN_FORMATTING_WORDS}`),
    product_ids: z
      .array(z.string().trim().min(1, "A product id is empty").max(200, "A product id is too long"), {
        message: "product_ids must be a list",
      })
      .min(1, "Choose at least one product")
      .max(MAX_CAMPAIGN_PRODUCTS, `A campaign can hold at most ${MAX_CAMPAIGN_PRODUCTS.toLocaleString("en")} products`)
      .refine(unique, "Each product may appear only once"),
    prompts: z
      .array(
        z
          .string()
          .trim()
          .min(1, "A scene is empty")
          .max(MAX_PROMPT_LENGTH, `Keep each scene under ${MAX_PROMPT_LENGTH} characters`),
        { message: "prompts must be a list" },
      )
      .min(1, "Add at least one scene")
      .max(MAX_CAMPAIGN_PROMPTS, `A campaign can hold at most ${MAX_CAMPAIGN_PROMPTS} scenes`)
      .refine(unique, "Each scene may appear only once"),
    aspect_ratios: z
      .array(z.enum(ASPECT_RATIOS, { message: ASPECT_RATIO_MESSAGE }), { message: "aspect_ratios must be a list" })
      .max(ASPECT_RATIOS.length)
      .refine(unique, "Each aspect ratio may appear only once")
      .default([]),
    channels: z
      .array(z.enum(CAMPAIGN_CHANNELS, { message: `channels must be among: ${CAMPAIGN_CHANNELS.join(", ")}` }), {
        message: "channels must be a list",
      })
      .max(CAMPAIGN_CHANNELS.length)
      .refine(unique, "Each channel may appear only once")
      .default([]),
    variations: z
      .number({ message: variationsWords })
      .int(variationsWords)
      .min(1, variationsWords)
      .max(MAX_CAMPAIGN_VARIATIONS, variationsWords)
      .default(1),
  })
  .refine((c) => c.aspect_ratios.length + c.channels.length > 0, {
    message: "Choose at least one aspect ratio or channel",
    path: ["aspect_ratios"],
  });

export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

/** A campaign's body may name up to 3,000 products and 50 long scenes: more than the API's usual 64 KB. */
export const MAX_CAMPAIGN_BODY_BYTES = 1024 * 1024;

export const CAMPAIGN_PAGE_SIZE = 20;
export const MAX_CAMPAIGN_PAGE_SIZE = 100;

export const campaignListQuerySchema = z.object({
  limit: z.preprocess(emptyToUndefined, pageLimit(MAX_CAMPAIGN_PAGE_SIZE).default(CAMPAIGN_PAGE_SIZE)),
  cursor: z.preprocess(emptyToUndefined, z.string().max(300, "cursor is not valid").optional()),
});

export const CAMPAIGN_ACTIONS = ["pause", "resume", "cancel", "retry-failed"] as const;
