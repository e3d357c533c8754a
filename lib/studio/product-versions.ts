import "server-only";
import { AppError } from "@/lib/errors";
import { MAX_TEXTURES, productVersionFieldsSchema } from "@/lib/schemas/product";
import { createProduct, getTemplate } from "@/lib/service";
import type { TextureFile } from "@/lib/service";
import type { ProductView, SessionUser } from "@/lib/types";
import { parseProductUpload, uploadTmpDir, withUploadSlot } from "@/lib/uploads";
import { keptTextureFiles } from "./kept-textures";
import { recordedProduct } from "./product-care";
import { recordCreatedProduct } from "./products";
import { adviseOnUpload } from "./textures";

// "New version with these textures": the interface has no product update, so a new product is
// created at the service from the same template, with the old product's kept texture files for
// the slots not replaced and the replacements for the others. The registry links it to the old one.

export interface NewVersionView extends ProductView {
  /** Slots of the old product that had no kept file and were not replaced: the new one lacks them. */
  left_out: string[];
}

/** POST /api/products/{id}/versions: the old product is looked up before a byte of the upload is read. */
export async function createVersionFromUpload(
  request: Request,
  productId: string,
  user: SessionUser,
): Promise<NewVersionView> {
  const old = await recordedProduct(productId);
  return withUploadSlot(user.id, async () => {
    const upload = await parseProductUpload(request, {
      tmpDir: uploadTmpDir(),
      productFields: false,
      // The name (optional) is checked before any file is stored, like a new product's.
      beforeFiles: (fields) => void versionName(fields),
    });
    try {
      const name = versionName(upload.formFields) ?? old.name;
      const template = await getTemplate(old.templateId).catch(() => null);
      const slotKeys = template?.texture_slots.map((slot) => slot.key) ?? [];
      const allowed = new Set([...slotKeys, ...old.textureKeys]);
      for (const texture of upload.textures) {
        if (slotKeys.length > 0 && !allowed.has(texture.key)) {
          throw new AppError(
            "bad_request",
            `The template has no texture slot “${texture.key}”. Its slots are: ${[...allowed].join(", ")}.`,
          );
        }
      }
      const replaced = new Set(upload.textures.map((t) => t.key));
      const kept = (await keptTextureFiles(old.id)).filter((t) => !replaced.has(t.key));
      const left_out = old.textureKeys.filter((key) => !replaced.has(key) && !kept.some((t) => t.key === key));
      const textures = inSlotOrder([...kept, ...upload.textures], [...slotKeys, ...old.textureKeys]);
      if (textures.length > MAX_TEXTURES) {
        throw new AppError(
          "bad_request",
          `A product can be made from at most ${MAX_TEXTURES} textures; this version would have ${textures.length}.`,
        );
      }
      const advice = adviseOnUpload(textures);
      try {
        const product = await createProduct(
          { template_id: old.templateId, name, textures },
          { signal: request.signal },
        );
        const view = await recordCreatedProduct({
          product,
          name,
          templateId: old.templateId,
          template,
          textures,
          user,
          advice,
          previousVersionId: old.id,
        });
        return { ...view, left_out };
      } finally {
        await advice;
      }
    } finally {
      await upload.cleanup();
    }
  });
}

/** The new version's name when one was sent (by the new product's own rules), else undefined. */
function versionName(fields: Map<string, string>): string | undefined {
  if (!fields.has("name")) return undefined;
  const parsed = productVersionFieldsSchema.safeParse({ name: fields.get("name") });
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "The name is not valid");
  return parsed.data.name;
}

/** The template's slot order first, then any other slot in the order given. */
function inSlotOrder(textures: TextureFile[], order: string[]): TextureFile[] {
  const rank = (key: string) => {
    const at = order.indexOf(key);
    return at === -1 ? order.length : at;
  };
  return [...textures].sort((a, b) => rank(a.key) - rank(b.key));
}
