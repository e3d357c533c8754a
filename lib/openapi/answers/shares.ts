import { z } from "zod";
import type { LinkSignOff, SharePreview, ShareView } from "@/lib/api-types";
import { isoTime } from "./common";
import { predictionView } from "./predictions";
import { shaped } from "./shaped";

export const shareView = shaped<ShareView>()(
  z
    .object({
      id: z.string(),
      title: z.string().nullable(),
      filter: z
        .record(z.string(), z.string())
        .meta({ description: "The gallery view the link was made from, in its URL form." }),
      count: z.number().int().nullable(),
      images: z.number().int().nullable().optional(),
      product_name: z.string().nullable(),
      created_by_email: z.string().nullable(),
      created_at: isoTime,
      expires_at: isoTime,
      revoked_at: isoTime.nullable(),
      active: z.boolean(),
      sign_off: z.boolean(),
      url: z.string().nullable().optional().meta({ description: "`/share/<token>`: for the link's maker only." }),
    })
    .meta({ id: "ShareView" }),
);

export const sharePreview = shaped<SharePreview>()(
  z
    .object({ count: z.number().int(), images: z.number().int(), product_name: z.string().nullable() })
    .meta({ id: "SharePreview" }),
);

export const sharedGallery = z
  .object({
    title: z.string().nullable(),
    expires_at: isoTime,
    items: z.array(predictionView),
    total: z.number().int(),
  })
  .meta({ id: "SharedGallery", description: "A share link's shots, images pointing at the link's own image route." });

export const linkSignOff = shaped<LinkSignOff>()(
  z
    .object({
      prediction_id: z.string(),
      image_index: z.number().int(),
      action: z.enum(["approve", "comment"]),
      name: z.string(),
    })
    .meta({ id: "LinkSignOff" }),
);
