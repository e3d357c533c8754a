// POST /product/, GET /product/{product_id} and POST /product/{product_id}/generate-lora.
import { findTemplate, supportsLora, TEMPLATES } from "./catalogue";
import type { Deps, Route } from "./context";
import { newId } from "./format";
import { sendJson, ServiceError } from "./http";
import { loraProgress } from "./lora";
import { readForm, removeUploads } from "./multipart";
import { productJson } from "./present";
import type { ProductRecord } from "./store";
import { storeTextures } from "./textures";

function requireProduct(deps: Deps, id: string): ProductRecord {
  const product = deps.store.products.get(id);
  if (!product) throw new ServiceError(404, `Product with ID ${id} does not exist`);
  return product;
}

export const productRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/product\/$/,
    handler: async ({ req, res }, deps) => {
      const form = await readForm(req, { uploadDir: deps.store.uploadsDir });
      try {
        const name = form.fields.get("name")?.trim();
        const templateId = form.fields.get("template_id")?.trim();
        if (!name) throw new ServiceError(400, "name is required");
        if (!templateId) throw new ServiceError(400, "template_id is required");
        const template = TEMPLATES.find((t) => String(t.id) === templateId);
        if (!template) throw new ServiceError(404, `Template with ID ${templateId} does not exist`);
        const id = newId("prd");
        const textures = await storeTextures(form, id, deps.store.imagesDir);
        const product: ProductRecord = {
          id,
          name,
          templateId: template.id,
          textures,
          createdAt: deps.now(),
          lora: null,
        };
        deps.store.addProduct(product);
        sendJson(res, 201, productJson(product, deps));
      } finally {
        await removeUploads(form.files); // whatever was not moved into the images folder
      }
    },
  },
  {
    method: "GET",
    pattern: /^\/product\/([^/]+)$/,
    handler: async ({ res, params: [id] }, deps) => sendJson(res, 200, productJson(requireProduct(deps, id), deps)),
  },
  {
    method: "POST",
    pattern: /^\/product\/([^/]+)\/generate-lora$/,
    handler: async ({ req, res, params: [id], caller }, deps) => {
      req.resume(); // "No body."
      const product = requireProduct(deps, id);
      const template = findTemplate(product.templateId);
      if (!template || !supportsLora(template))
        throw new ServiceError(400, "LoRA generation not available for this template");
      const now = deps.now();
      const progress = loraProgress(product.lora, now);
      if (progress.enabled) return sendJson(res, 200, { result: "LoRA already created" });
      if (progress.stageIndex >= 0) return sendJson(res, 200, { result: "LoRA creation already in progress" });
      const retryAfter = deps.limiter.tryStart(caller.token, now);
      if (retryAfter !== null) {
        throw new ServiceError(429, "LoRA generation limit exceeded. Please wait before starting another.", {
          "Retry-After": String(retryAfter),
        });
      }
      product.lora = { startedAt: now, durationMs: deps.config.loraMs, stalled: deps.control.takeStall("lora") };
      deps.store.save();
      deps.loraLog.watch(product.id, product.lora, now);
      sendJson(res, 200, { result: "LoRA creation in progress" });
    },
  },
];
