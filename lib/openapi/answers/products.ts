import { z } from "zod";
import type { LoraStartResult, ProductPage, ProductView, Template } from "@/lib/types";
import { isoTime, nextCursor } from "./common";
import { shaped } from "./shaped";

export const template = shaped<Template>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      loraScene: z.string().nullable().meta({
        description: "`available` when the template supports a product's own LoRA (list items may lack it: null).",
      }),
      preview_url: z.string().nullable(),
      texture_slots: z
        .array(z.object({ key: z.string(), label: z.string() }))
        .meta({ description: "The textures a product of this template takes, by slot key." }),
    })
    .meta({ id: "Template" }),
);

const versionLink = z.object({ id: z.string(), name: z.string().nullable() });

export const productView = shaped<ProductView>()(
  z
    .object({
      id: z.string(),
      lora_enabled: z
        .union([z.literal(0), z.literal(1)])
        .meta({ description: "1 once the product's LoRA is trained." }),
      name: z.string().nullable(),
      template_id: z.string().nullable(),
      template_name: z.string().nullable(),
      texture_keys: z.array(z.string()),
      created_at: isoTime.nullable(),
      lora_started_at: isoTime.nullable(),
      lora_ready_at: isoTime.nullable(),
      lora_lost_at: isoTime.nullable(),
      preview_url: z.string().nullable(),
      shots: z.number().int().meta({ description: "How many predictions this app made of the product." }),
      texture_thumbnails: z.array(z.object({ key: z.string(), url: z.string() })).optional(),
      archived_at: isoTime.nullable(),
      previous_version: versionLink.nullable(),
      next_versions: z.array(versionLink).optional(),
      kept_texture_keys: z.array(z.string()).optional(),
    })
    .meta({ id: "ProductView", description: "A product: the service's record and the app's." }),
);

export const productPage = shaped<ProductPage>()(
  z
    .object({
      items: z.array(productView.extend({ images: z.number().int() })),
      next_cursor: nextCursor,
      total: z.number().int(),
    })
    .meta({ id: "ProductPage" }),
);

export const loraStart = shaped<LoraStartResult>()(
  z.object({ result: z.string().meta({ example: "LoRA creation in progress" }) }).meta({
    id: "LoraStartResult",
    description:
      "The service's words: `LoRA creation in progress`, `LoRA creation already in progress` or `LoRA already created`.",
  }),
);

const finding = z.object({ level: z.enum(["ok", "warn"]), message: z.string() }).loose();

export const textureReport = z
  .object({
    textures: z.array(
      z.object({ key: z.string(), width: z.number(), height: z.number(), checks: z.array(finding) }).loose(),
    ),
    set: z.array(finding),
  })
  .meta({ id: "TextureReport", description: "The texture advisor's findings, per texture and on the set." });
