import { z } from "zod";
import { MAX_PROMPT_LENGTH } from "./limits";
import { ASPECT_RATIO_MESSAGE, ASPECT_RATIOS } from "@/lib/types";

/**
 * POST /api/predictions, used by the generate form and by the handler. The first two messages
 * are the service's own (section 7), so a person sees the same words whichever side refused.
 * The service's maximum prompt length is not shown; the app keeps prompts to 2000 characters.
 */
export const createPredictionSchema = z.object({
  product_id: z.string({ message: "product_id is required" }).trim().min(1, "product_id is required"),
  aspect_ratio: z.enum(ASPECT_RATIOS, { message: ASPECT_RATIO_MESSAGE }),
  prompt: z
    .string({ message: "Describe the scene in the prompt" })
    .trim()
    .min(1, "Describe the scene in the prompt")
    .max(MAX_PROMPT_LENGTH, `Keep the prompt under ${MAX_PROMPT_LENGTH} characters`),
});
export type CreatePredictionInput = z.infer<typeof createPredictionSchema>;
