import { z } from "zod";
import { hasHiddenFormatting, HIDDEN_FORMATTING_WORDS } from "./hidden-characters";

// POST /api/products: the limits and the text fields, shared by the new-product form (client-safe:
// no server imports) and the handler, so both refuse the same things in the same words.

// The limits live apart from zod, so the pages' first scripts can show them without loading it.
import { MAX_PRODUCT_NAME, MAX_TEXTURE_BYTES, MAX_TEXTURES, RECOMMENDED_TEXTURE_PX } from "./product-limits";

export { MAX_PRODUCT_NAME, MAX_TEXTURE_BYTES, MAX_TEXTURES, RECOMMENDED_TEXTURE_PX };

/** The text fields of POST /api/products (the files are checked by lib/uploads). */
export const createProductFieldsSchema = z.object({
  template_id: z.string({ message: "Choose a template." }).trim().min(1, "Choose a template."),
  name: z
    .string({ message: "Enter a product name." })
    .trim()
    .min(1, "Enter a product name.")
    .max(MAX_PRODUCT_NAME, `Keep the name to ${MAX_PRODUCT_NAME} characters or fewer.`)
    .refine((name) => !hasHiddenFormatting(name), `The name ${HIDDEN_FORMATTING_WORDS}.`),
});
export type CreateProductFields = z.infer<typeof createProductFieldsSchema>;

/** POST /api/products/{id}/versions: the new version's name (the old one's when not sent). */
export const productVersionFieldsSchema = z.object({ name: createProductFieldsSchema.shape.name });

/**
 * PATCH /api/products/{id}: a new name, archived or brought back, kept in the app's registry (the
 * service has no product update). At least one of the two.
 */
export const productChangeSchema = z
  .strictObject(
    {
      name: createProductFieldsSchema.shape.name.optional(),
      archived: z.boolean({ message: "archived must be true or false." }).optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? "Only name and archived can be changed."
          : "Send a JSON object with name or archived.",
    },
  )
  .refine(
    (change) => change.name !== undefined || change.archived !== undefined,
    "Send a new name, or archived true or false.",
  );
export type ProductChange = z.infer<typeof productChangeSchema>;
