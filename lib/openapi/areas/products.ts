import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiRequestBodyObject } from "zod-openapi";
import { productChangeSchema } from "@/lib/schemas/product";
import { MAX_TEXTURE_BYTES, MAX_TEXTURES } from "@/lib/schemas/product-limits";
import { productQuerySchema } from "@/lib/schemas/product-query";
import { loraStart, productPage, productView, template, textureReport } from "../answers/products";
import { fileAnswer, jsonAnswer, operation, pathParams } from "../operation";

// Templates, products and their textures, and a product's training (its LoRA).

const id = pathParams("id");
const texture = z
  .string()
  .meta({ format: "binary", description: `An image file (at most ${MAX_TEXTURE_BYTES / 1024 / 1024} MiB).` });
const textureKey = z.string().meta({ description: "The template's texture slot the file above is for." });
const uploadWords = `Send \`texture[0]\`, \`texture[0][key]\`, \`texture[1]\`, … (at most ${MAX_TEXTURES} files).`;

/** The multipart uploads are read as they stream (lib/uploads), field by field, not by one schema. */
function upload(fields: Record<string, z.ZodType>, description: string): ZodOpenApiRequestBodyObject {
  return {
    required: true,
    description,
    content: {
      "multipart/form-data": { schema: z.object({ ...fields, "texture[0]": texture, "texture[0][key]": textureKey }) },
    },
  };
}

export const productPaths: ZodOpenApiPathsObject = {
  "/api/templates": {
    get: operation({
      tag: "Templates",
      access: "view",
      summary: "The product templates",
      query: z.object({
        lora: z
          .literal("available")
          .optional()
          .meta({ description: "Keep only templates whose products can have their own LoRA." }),
      }),
      answers: { "200": jsonAnswer("The templates.", z.array(template)) },
      errors: [502, 504],
    }),
  },
  "/api/templates/{id}": {
    get: operation({
      tag: "Templates",
      access: "view",
      summary: "One template with its texture slots",
      path: id,
      answers: { "200": jsonAnswer("The template.", template) },
      errors: [404, 502, 504],
    }),
  },
  "/api/products": {
    get: operation({
      tag: "Products",
      access: "view",
      summary: "One page of the products",
      description:
        "Newest first unless `sort` says otherwise; archived products are left out unless `archived` asks for them.",
      query: productQuerySchema,
      answers: { "200": jsonAnswer("One page.", productPage) },
    }),
    post: operation({
      tag: "Products",
      access: "create",
      summary: "Create a product from a template and its textures",
      body: upload(
        {
          template_id: z.string(),
          name: z.string().meta({ description: "The product's name; with `template_id`, before any file." }),
        },
        `Multipart: \`template_id\` and \`name\` first, then the textures. ${uploadWords}`,
      ),
      answers: { "201": jsonAnswer("Created.", productView) },
      errors: [400, 413, 415, 429, 502, 504],
    }),
  },
  "/api/products/ids": {
    get: operation({
      tag: "Products",
      access: "view",
      summary: "The ids of every product a filter matches",
      description:
        "For “select all matching”: at most 3,000 (`capped` says when more match). `cursor` and `limit` are ignored.",
      query: productQuerySchema,
      answers: {
        "200": jsonAnswer(
          "The ids.",
          z.object({
            ids: z.array(z.string()),
            total: z.number().int(),
            capped: z.boolean(),
            message: z.string().nullable(),
          }),
        ),
      },
    }),
  },
  "/api/products/{id}": {
    get: operation({
      tag: "Products",
      access: "view",
      summary: "One product",
      path: id,
      answers: { "200": jsonAnswer("The product.", productView) },
      errors: [404, 502, 504],
    }),
    patch: operation({
      tag: "Products",
      access: "create",
      summary: "Rename, archive or bring back a product",
      path: id,
      json: productChangeSchema,
      answers: { "200": jsonAnswer("The product now.", productView) },
      errors: [404],
    }),
  },
  "/api/products/{id}/versions": {
    post: operation({
      tag: "Products",
      access: "create",
      summary: "Make a new version of a product with some textures replaced",
      path: id,
      body: upload(
        { name: z.string().optional().meta({ description: "The new version's name (the old one's when left out)." }) },
        `Multipart: \`name\` (optional), then the textures to replace or add. ${uploadWords}`,
      ),
      answers: {
        "201": jsonAnswer("The new product.", productView.extend({ left_out: z.array(z.string()).optional() })),
      },
      errors: [404, 413, 415, 429, 502, 504],
    }),
  },
  "/api/products/{id}/preview": {
    get: operation({
      tag: "Products",
      access: "view",
      summary: "The app's own preview of a product (WebP)",
      path: id,
      answers: { "200": fileAnswer("The preview.", "image/webp") },
      errors: [404],
    }),
  },
  "/api/products/{id}/textures/{key}": {
    get: operation({
      tag: "Textures",
      access: "view",
      summary: "A thumbnail of the texture a product was made with in one slot (WebP)",
      path: pathParams("id", "key"),
      answers: { "200": fileAnswer("The thumbnail.", "image/webp") },
      errors: [404],
    }),
  },
  "/api/products/{id}/texture-advice": {
    get: operation({
      tag: "Textures",
      access: "view",
      summary: "The texture advisor's report on the files a product was made from",
      path: id,
      answers: {
        "200": jsonAnswer("The report (null when there is none).", z.object({ report: textureReport.nullable() })),
      },
    }),
  },
  "/api/textures/check": {
    post: operation({
      tag: "Textures",
      access: "create",
      summary: "Check textures before making a product",
      body: upload({}, `Multipart, as a new product's textures without name or template. ${uploadWords}`),
      answers: { "200": jsonAnswer("The advisor's report.", textureReport) },
      errors: [400, 413, 415, 429],
    }),
  },
  "/api/products/{id}/lora": {
    post: operation({
      tag: "Training (LoRA)",
      access: "create",
      summary: "Start training the product's own LoRA",
      description: "Training takes 10–30 minutes; read the product until `lora_enabled` is 1.",
      path: id,
      answers: { "200": jsonAnswer("The service's words.", loraStart) },
      errors: [404, 429, 502, 504],
    }),
  },
};
