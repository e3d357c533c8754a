import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { log } from "@/lib/log";
import { mapLimit } from "@/lib/concurrency";
import { getProductRecord, listProducts, markLoraStarted, recordProduct, type ProductRecord } from "@/lib/db/products";
import { isAppError } from "@/lib/errors";
import { trackTraining } from "@/lib/notify/track";
import { createProduct, generateLora, getProduct, getTemplate } from "@/lib/service";
import type { LoraStartResult, Product, ProductView, SessionUser } from "@/lib/types";
import { parseProductUpload, uploadTmpDir, withUploadSlot } from "@/lib/uploads";
import { adviseOnUpload, keepTextureAdvice } from "./textures";

// The app's product use cases: the service's product joined with the registry's record.
// The interface has no product list, so the list is the registry's.

const LIVE_CONCURRENCY = 4;

function toView(product: Product, record: ProductRecord | null): ProductView {
  return {
    ...product,
    name: product.name ?? record?.name ?? null,
    template_id: product.template_id ?? record?.templateId ?? null,
    template_name: record?.templateName ?? null,
    texture_keys: record?.textureKeys ?? [],
    created_at: record?.createdAt ?? null,
    lora_started_at: record?.loraStartedAt ?? null,
  };
}

export async function listProductViews(): Promise<ProductView[]> {
  const records = await listProducts();
  return mapLimit(records, LIVE_CONCURRENCY, async (record) => {
    try {
      return toView(await getProduct(record.id), record);
    } catch (error) {
      // One product the service cannot show right now must not hide the others.
      if (!isAppError(error)) throw error;
      return toView({ id: record.id, lora_enabled: 0, name: null, template_id: null }, record);
    }
  });
}

export async function getProductView(id: string): Promise<ProductView> {
  const product = await getProduct(id);
  return toView(product, await getProductRecord(product.id));
}

/**
 * POST /api/products: the upload is spooled and checked whole before anything is sent on; the
 * person holds one of their upload slots until the service has answered.
 */
export function createProductFromUpload(request: Request, user: SessionUser): Promise<ProductView> {
  return withUploadSlot(user.id, async () => {
    const upload = await parseProductUpload(request, { tmpDir: uploadTmpDir() });
    // The advisor reads the same spooled files while they are sent on: its report is of what was sent.
    const advice = adviseOnUpload(upload.textures);
    try {
      const fields = upload.fields;
      const product = await createProduct(
        { template_id: fields.template_id, name: fields.name, textures: upload.textures },
        { signal: request.signal },
      );
      const templateName = await getTemplate(fields.template_id).then((t) => t.name, () => null);
      const textureKeys = upload.textures.map((t) => t.key);
      await recordProduct({
        id: product.id,
        name: fields.name,
        templateId: fields.template_id,
        templateName,
        textureKeys,
        createdBy: user.id,
      });
      await recordAudit({ actor: user, action: "product.created", productId: product.id, detail: { name: fields.name } });
      await keepTextureAdvice(product.id, await advice);
      return toView(
        { ...product, name: product.name ?? fields.name, template_id: product.template_id ?? fields.template_id },
        await getProductRecord(product.id),
      );
    } finally {
      await advice; // never rejects; the files stay until it has read them
      await upload.cleanup();
    }
  });
}

const STARTED = new Set(["LoRA creation in progress", "LoRA creation already in progress"]);

/** POST /api/products/{id}/lora: the service's answer verbatim; the first start time is kept. */
export async function startLora(productId: string, user: SessionUser): Promise<LoraStartResult> {
  const answer = await generateLora(productId);
  // Watched on the server whatever the answer: an "already in progress" training is still told.
  if (answer.result !== "LoRA already created") await trackTraining(productId, user);
  if (STARTED.has(answer.result)) await markLoraStarted(productId).catch((e) => log.error({ err: e, productId }, "could not keep the LoRA start time"));
  await recordAudit({ actor: user, action: "lora.started", productId, detail: { result: answer.result } });
  return answer;
}
