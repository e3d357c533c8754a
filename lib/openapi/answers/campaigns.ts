import { z } from "zod";
import type { CampaignEstimate, CampaignPage, CampaignSummary, CampaignView } from "@/lib/api-types";
import { aspectRatio, isoTime, nextCursor } from "./common";
import { shaped } from "./shaped";

const CELL_STATES = [
  "waiting_training",
  "training",
  "queued",
  "waiting_service",
  "sending",
  "confirming",
  "generating",
  "done",
  "failed",
  "cancelled",
] as const;

export const campaignSummary = shaped<CampaignSummary>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["training", "running", "paused", "done", "cancelled", "failed"]),
      total: z.number().int(),
      ready: z.number().int(),
      failed: z.number().int(),
      cancelled: z.number().int(),
      open: z.number().int().meta({ description: "Shots not yet ready, failed or cancelled." }),
      product_count: z.number().int(),
      prompts: z.array(z.string()),
      outputs: z.array(z.object({ aspect_ratio: aspectRatio, channel: z.string().nullable() })),
      variations: z.number().int(),
      created_at: isoTime,
      created_by_email: z.string().nullable(),
      paused_at: isoTime.nullable(),
      paused_reason: z.string().nullable().meta({
        description: "Why it paused itself (its monthly budget reached), in words; null when a person paused it.",
      }),
      finished_at: isoTime.nullable(),
      waiting_reason: z.string().nullable(),
      eta_ms: z.number().nullable(),
    })
    .meta({ id: "CampaignSummary" }),
);

export const campaignView = shaped<CampaignView>()(
  campaignSummary
    .extend({
      products: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          state: z.enum(["checking", "training", "ready", "skipped"]),
          reason: z.string().nullable(),
          training_started_at: isoTime.nullable(),
        }),
      ),
      cells: z.array(
        z.object({
          product_id: z.string(),
          prompt_index: z.number().int(),
          aspect_ratio: aspectRatio,
          variation: z.number().int(),
          state: z.enum(CELL_STATES),
          prediction_id: z.string().nullable(),
          image: z.string().nullable(),
          images: z.number().int(),
          error: z.string().nullable(),
        }),
      ),
    })
    .meta({ id: "CampaignView", description: "A campaign, its products and every shot's state." }),
);

export const campaignPage = shaped<CampaignPage>()(
  z.object({ items: z.array(campaignSummary), next_cursor: nextCursor }).meta({ id: "CampaignPage" }),
);

export const campaignEstimate = shaped<CampaignEstimate>()(
  z
    .object({
      total: z.number().int(),
      max: z.number().int(),
      to_train: z.number().int(),
      unknown_products: z.number().int(),
      eta_ms: z.number(),
      rate_per_second: z.number(),
      shots_left_this_month: z.number().int().nullable().optional().meta({
        description: "Shots the person may still make this month (their budget and the team's); null: no limit.",
      }),
    })
    .meta({ id: "CampaignEstimate" }),
);
