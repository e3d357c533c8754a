import { z } from "zod";
import { ASPECT_RATIO_MESSAGE, ASPECT_RATIOS } from "@/lib/types";
import { MAX_PROMPT_LENGTH } from "./limits";
import { hasHiddenFormatting, HIDDEN_FORMATTING_WORDS } from "./hidden-characters";

// Prompt reuse: the history query and saved presets, shared by the forms and the handlers.

export const MAX_PRESET_NAME = 80;

const optionalId = (name: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(200, `${name} is too long`).optional(),
  );

/** GET /api/prompts/history?template_id=&limit= */
export const promptHistoryQuerySchema = z.object({
  template_id: optionalId("template_id"),
  limit: z.coerce
    .number({ message: "limit must be a whole number from 1 to 100" })
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(100, "limit must be a whole number from 1 to 100")
    .default(20),
});

/** GET /api/prompts/presets?template_id= */
export const presetListQuerySchema = z.object({ template_id: optionalId("template_id") });

/** POST /api/prompts/presets */
export const createPresetSchema = z.object({
  template_id: z.coerce
    .string({ message: "template_id is required" })
    .trim()
    .min(1, "template_id is required")
    .max(200),
  name: z
    .string({ message: "Give the preset a name" })
    .trim()
    .min(1, "Give the preset a name")
    .max(MAX_PRESET_NAME, `Keep the name under ${MAX_PRESET_NAME} characters`)
    .refine((name) => !hasHiddenFormatting(name), `The name ${HIDDEN_FORMATTING_WORDS}`),
  prompt: z
    .string({ message: "Describe the scene in the prompt" })
    .trim()
    .min(1, "Describe the scene in the prompt")
    .max(MAX_PROMPT_LENGTH, `Keep the prompt under ${MAX_PROMPT_LENGTH} characters`),
  aspect_ratio: z.enum(ASPECT_RATIOS, { message: ASPECT_RATIO_MESSAGE }).optional(),
});
export type CreatePresetInput = z.infer<typeof createPresetSchema>;

/** GET /api/prompts/scenes?template_id=: the scenes that get approved for one template. */
export const scenesQuerySchema = z.object({
  template_id: z
    .string({ message: "template_id is required" })
    .trim()
    .min(1, "template_id is required")
    .max(200, "template_id is too long"),
});
