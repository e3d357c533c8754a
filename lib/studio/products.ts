import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { chargeBudget } from "@/lib/budgets/charge";
import { spenderOf } from "@/lib/budgets/limits";
import { returnBudget } from "@/lib/budgets/spend";
import { getDb } from "@/lib/db/client";
import {
  getProductRecord,
  markLoraLost,
  markLoraReady,
  markLoraStarted,
  nextVersions,
  recordProduct,
  shotCount,
  type ProductRecord,
} from "@/lib/db/products";
import { savePreview } from "@/lib/db/product-previews";
import { textureFileRecords } from "@/lib/db/product-texture-files";
import { saveTextureThumb, textureThumbKeys } from "@/lib/db/product-texture-thumbs";
import { withSharpProcess } from "@/lib/images/sharp-process";
import { texturePreview, texturePreviewUrl, textureThumbUrl } from "@/lib/images/texture-preview";
import { isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { trackTraining } from "@/lib/notify/track";
import { createProduct, forgetProduct, generateLora, getProduct, getTemplate } from "@/lib/service";
import type { TextureFile } from "@/lib/service";
import type { TextureReport } from "@/lib/textures/types";
import type { LoraStartResult, Product, ProductVersionLink, ProductView, SessionUser, Template } from "@/lib/types";
import { parseProductUpload, uploadTmpDir, withUploadSlot } from "@/lib/uploads";
import { keepTextureFiles } from "./kept-textures";
import { productView } from "./product-view";
import { adviseOnUpload, keepTextureAdvice } from "./textures";

// The app's product use cases: the service's product joined with the registry's record. The
// interface has no product list, so the list is the registry's (lib/studio/product-list.ts).

/** One product, asked of the service; a LoRA seen ready is recorded so lists need not ask. */
export async function getProductView(id: string): Promise<ProductView> {
  const product = await getProduct(id);
  let record = await getProductRecord(product.id);
  if (product.lora_enabled === 1 && record && !record.loraReadyAt) {
    await markLoraReady(product.id);
    record = await getProductRecord(product.id);
  }
  return registryProductView(record, product);
}

/** One product as the registry knows it (with the service's answer when given): textures and versions too. */
export async function registryProductView(record: ProductRecord | null, live?: Product): Promise<ProductView> {
  const id = live?.id ?? record?.id ?? "";
  const [shots, thumbs, versions, kept] = await Promise.all([
    shotCount(id),
    textureThumbKeys(id),
    versionLinks(record),
    textureFileRecords(id),
  ]);
  const texture_thumbnails = thumbs.map((key) => ({ key, url: textureThumbUrl(id, key) }));
  return {
    ...productView(record, shots, live),
    texture_thumbnails,
    ...versions,
    kept_texture_keys: kept.map((file) => file.slotKey),
  };
}

/** The product it is a new version of, and those made from it, by the registry's names. */
async function versionLinks(
  record: ProductRecord | null,
): Promise<{ previous_version: ProductVersionLink | null; next_versions: ProductVersionLink[] }> {
  if (!record) return { previous_version: null, next_versions: [] };
  const [previous, next] = await Promise.all([
    record.previousVersionId ? getProductRecord(record.previousVersionId) : null,
    nextVersions(record.id),
  ]);
  return {
    previous_version: record.previousVersionId ? { id: record.previousVersionId, name: previous?.name ?? null } : null,
    next_versions: next,
  };
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
      const template = await getTemplate(fields.template_id).catch(() => null);
      return await recordCreatedProduct({
        product,
        name: fields.name,
        templateId: fields.template_id,
        template,
        textures: upload.textures,
        user,
        advice,
      });
    } finally {
      await advice; // never rejects; the files stay until it has read them
      await upload.cleanup();
    }
  });
}

export interface CreatedProduct {
  /** The service's answer to the create. */
  product: Product;
  name: string;
  templateId: string;
  template: Template | null;
  /** The files sent, still on disk: thumbnails and the kept copies are made of them. */
  textures: readonly TextureFile[];
  user: SessionUser;
  advice: Promise<TextureReport | null>;
  /** The product this one is a new version of. */
  previousVersionId?: string;
}

/** Everything the app keeps of a product the service has just created; answers its view. */
export async function recordCreatedProduct(created: CreatedProduct): Promise<ProductView> {
  const { product, name, templateId, template, textures, user, previousVersionId } = created;
  const thumbs = await keepTextureThumbs(product.id, textures);
  const previewUrl = template?.preview_url ?? (await keepTexturePreview(product.id, thumbs[0]?.webp));
  await keepTextureFiles(product.id, textures);
  await recordProduct({
    id: product.id,
    name,
    templateId,
    templateName: template?.name ?? null,
    previewUrl,
    textureKeys: textures.map((t) => t.key),
    createdBy: user.id,
    previousVersionId: previousVersionId ?? null,
  });
  await recordAudit(
    previousVersionId
      ? {
          actor: user,
          action: "product.versioned",
          productId: previousVersionId,
          detail: { version_id: product.id, name },
        }
      : { actor: user, action: "product.created", productId: product.id, detail: { name } },
  );
  await keepTextureAdvice(product.id, await created.advice);
  const view = await registryProductView(await getProductRecord(product.id), {
    ...product,
    name: product.name ?? name,
    template_id: product.template_id ?? templateId,
  });
  // Made from the files at hand: said even when the registry could not keep the thumbnails.
  return { ...view, texture_thumbnails: thumbs.map(({ key }) => ({ key, url: textureThumbUrl(product.id, key) })) };
}

/**
 * A small copy of every texture, for the product page, made while the files are still here. A
 * texture that cannot be made small is left out (the product exists whatever happens here).
 */
async function keepTextureThumbs(productId: string, textures: readonly TextureFile[]) {
  const thumbs: { key: string; webp: Buffer }[] = [];
  await withSharpProcess(async (run) => {
    for (const texture of textures) {
      try {
        const webp = await texturePreview(texture.path, run);
        await saveTextureThumb(productId, texture.key, webp);
        thumbs.push({ key: texture.key, webp });
      } catch (error) {
        log.warn({ err: error, productId, slot: texture.key }, "could not keep a texture thumbnail");
      }
    }
  });
  return thumbs;
}

/** The template has no preview: the first texture's thumbnail stands for it. Null when there is none. */
async function keepTexturePreview(productId: string, webp: Buffer | undefined): Promise<string | null> {
  if (!webp) return null;
  try {
    await savePreview(productId, webp);
    return texturePreviewUrl(productId);
  } catch (error) {
    log.warn({ err: error, productId }, "could not keep a texture preview");
    return null;
  }
}

const STARTED = new Set(["LoRA creation in progress", "LoRA creation already in progress"]);
const ALREADY_CREATED = "LoRA already created";
const NEWLY_STARTED = "LoRA creation in progress";

/** POST /api/products/{id}/lora: the service's answer verbatim; the first start time is kept. */
export async function startLora(productId: string, user: SessionUser, now = new Date()): Promise<LoraStartResult> {
  const db = await getDb();
  // Counted before the service is asked (refused past a monthly budget); given back when the
  // service started nothing new: a training already running or done costs nothing more.
  const units = await chargeBudget(db, { kind: "trainings", person: await spenderOf(db, user.id), productId }, now);
  const answer = await generateLora(productId).catch(async (error: unknown) => {
    await returnBudget(db, units);
    throw error;
  });
  if (answer.result !== NEWLY_STARTED) await returnBudget(db, units);
  // Watched on the server whatever the answer: an "already in progress" training is still told.
  if (answer.result !== ALREADY_CREATED) await trackTraining(productId, user);
  const keep = STARTED.has(answer.result)
    ? markLoraStarted(productId)
    : answer.result === ALREADY_CREATED
      ? markLoraReady(productId)
      : null;
  await keep?.catch((error) => log.error({ err: error, productId }, "could not keep the LoRA state"));
  await recordAudit({ actor: user, action: "lora.started", productId, detail: { result: answer.result } });
  return answer;
}

/**
 * The service refused a prediction because the product has no LoRA: whatever the registry had
 * learned, the product is not ready, and its views say so.
 */
export async function noteLoraRefusal(productId: string, error: unknown): Promise<void> {
  if (!isAppError(error) || error.status !== 403 || !error.fromService || !/lora/i.test(error.message)) return;
  // A read of the product shared a moment ago still says "ready": reading it again must ask.
  forgetProduct(productId);
  await markLoraLost(productId).catch((e) => log.error({ err: e, productId }, "could not note the LoRA refusal"));
}
