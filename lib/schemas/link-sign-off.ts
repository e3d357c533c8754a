import { z } from "zod";
import { hasHiddenFormatting, HIDDEN_FORMATTING_WORDS } from "./hidden-characters";
import { MAX_COMMENT_LENGTH } from "./review-params";

// POST /api/share/{token}/sign-off: a share link's visitor approves or comments on one image of
// the link under a name they type. Shared by the link page's form and the handler.

export const MAX_VISITOR_NAME = 60;
/** The body bound: the longest comment in 4-byte characters, a name and the JSON around them. */
export const MAX_SIGN_OFF_BYTES = 16 * 1024;
export const LINK_SIGN_OFF_ACTIONS = ["approve", "comment"] as const;

// Control characters would let a name break lines in the history or the activity log.
const CONTROL = /\p{Cc}/u;

export const visitorNameSchema = z
  .string({ message: "Type your name" })
  .trim()
  .min(1, "Type your name")
  .max(MAX_VISITOR_NAME, `Keep your name under ${MAX_VISITOR_NAME} characters`)
  .refine((name) => !CONTROL.test(name), "Your name can hold letters, digits, spaces and punctuation only")
  .refine((name) => !hasHiddenFormatting(name), `Your name ${HIDDEN_FORMATTING_WORDS}`);

export const linkSignOffSchema = z
  .object({
    name: visitorNameSchema,
    prediction_id: z
      .string({ message: "prediction_id must be a shot id" })
      .trim()
      .min(1, "prediction_id must be a shot id")
      .max(200),
    image_index: z
      .number({ message: "image_index must be a whole number" })
      .int("image_index must be a whole number")
      .min(0)
      .max(999),
    action: z.enum(LINK_SIGN_OFF_ACTIONS, { message: `action must be one of: ${LINK_SIGN_OFF_ACTIONS.join(", ")}` }),
    comment: z
      .string({ message: "comment must be text" })
      .trim()
      .max(MAX_COMMENT_LENGTH, `Keep comments under ${MAX_COMMENT_LENGTH} characters`)
      .optional(),
  })
  .refine((v) => v.action !== "comment" || (v.comment ?? "").length > 0, {
    message: "Write a comment",
    path: ["comment"],
  });
export type LinkSignOffInput = z.infer<typeof linkSignOffSchema>;
