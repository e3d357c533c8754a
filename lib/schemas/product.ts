import { z } from "zod";

export const MAX_PRODUCT_NAME = 120;
export const MAX_TEXTURE_BYTES = 25 * 1024 * 1024;
export const TEXTURE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** Section 8 of the interface: recommended texture resolution. */
export const RECOMMENDED_TEXTURE_PX = 1024;

/** The text fields of POST /api/products (the files are checked by lib/uploads). */
export const createProductFieldsSchema = z.object({
  template_id: z.string({ message: "Choose a template" }).trim().min(1, "Choose a template"),
  name: z
    .string({ message: "Give the product a name" })
    .trim()
    .min(1, "Give the product a name")
    .max(MAX_PRODUCT_NAME, `Keep the name under ${MAX_PRODUCT_NAME} characters`),
});
export type CreateProductFields = z.infer<typeof createProductFieldsSchema>;
