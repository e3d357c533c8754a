import { z } from "zod";
import type { BatchResult, QueuedShot } from "@/lib/api-types";
import type { PredictionView } from "@/lib/types";
import { aspectRatio, isoTime, nextCursor } from "./common";
import { errorBody } from "../operation";
import { shaped } from "./shaped";

export const predictionView = shaped<PredictionView>()(
  z
    .object({
      id: z.string(),
      product_id: z.string(),
      product_name: z.string().nullable(),
      prompt: z.string(),
      aspect_ratio: aspectRatio.nullable(),
      status: z.enum(["processing", "succeeded"]).meta({ description: "`succeeded` once the images arrived." }),
      images: z.array(z.string()).meta({ description: "The images' asset URLs (empty while processing)." }),
      date_modification: z.string().meta({ description: "As the service sent it: `YYYY-MM-DD HH:MM:SS`." }),
      created_at: isoTime.nullable(),
      batch_id: z.string().optional(),
      review: z
        .object({
          status: z.enum(["approved", "rejected"]).nullable(),
          starred: z.boolean(),
          approved: z.number().int(),
          rejected: z.number().int(),
        })
        .optional(),
    })
    .meta({ id: "PredictionView", description: "A prediction (a shot): its prompt, ratio, state and images." }),
);

export const predictionPage = z
  .object({ items: z.array(predictionView), next_cursor: nextCursor, total: z.number().int() })
  .meta({ id: "PredictionPage" });

export const queuedShot = shaped<QueuedShot>()(
  z.object({ queued: z.literal(true), campaign_id: z.string(), message: z.string() }).meta({
    id: "QueuedShot",
    description:
      "The service asked to slow down: the server sends the shot itself, once; follow it at GET /api/campaigns/{campaign_id}.",
  }),
);

const itemBase = { aspect_ratio: aspectRatio, variation: z.number().int().optional() };

export const batchResult = shaped<BatchResult>()(
  z
    .object({
      items: z.array(
        z.union([
          z.object({ ...itemBase, ok: z.literal(true), sent: z.literal(true), prediction: predictionView }),
          z.object({
            ...itemBase,
            ok: z.literal(true),
            sent: z.literal(false),
            queued: z.literal(true),
            message: z.string(),
          }),
          z.object({ ...itemBase, ok: z.literal(false), sent: z.boolean(), error: errorBody }),
        ]),
      ),
      campaign_id: z.string(),
    })
    .meta({ id: "BatchResult" }),
);
