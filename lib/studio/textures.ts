import "server-only";
import { getTextureAdvice, saveTextureAdvice } from "@/lib/db/texture-advice";
import { log } from "@/lib/log";
import { analyseTextures } from "@/lib/textures/analyse-textures";
import type { TextureReport } from "@/lib/textures/types";
import type { SessionUser } from "@/lib/types";
import { parseProductUpload, uploadTmpDir, withUploadSlot, type UploadedTexture } from "@/lib/uploads";

// The texture advisor's use cases: check textures before a product exists, and keep the report
// of the files a product was really created from.

/**
 * POST /api/textures/check: the same upload as product creation, without name or template, under
 * the same limits (it takes one of the person's upload slots too).
 */
export function checkTexturesFromUpload(request: Request, user: SessionUser): Promise<TextureReport> {
  return withUploadSlot(user.id, async () => {
    const upload = await parseProductUpload(request, { tmpDir: uploadTmpDir(), productFields: false });
    try {
      return await analyseTextures(upload.textures);
    } finally {
      await upload.cleanup();
    }
  });
}

/**
 * The server's own analysis of the spooled files a product is being created from. Advice, never a
 * reason to fail the creation: null when it cannot be made.
 */
export function adviseOnUpload(
  textures: readonly Pick<UploadedTexture, "key" | "path" | "width" | "height">[],
): Promise<TextureReport | null> {
  return analyseTextures([...textures]).catch((error: unknown) => {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "texture advice not made");
    return null;
  });
}

/** Keeps the report with the product; a registry hiccup loses the advice, never the product. */
export async function keepTextureAdvice(productId: string, report: TextureReport | null): Promise<void> {
  if (!report) return;
  await saveTextureAdvice(productId, report).catch((error: unknown) =>
    log.warn({ productId, err: error instanceof Error ? error.message : String(error) }, "texture advice not kept"),
  );
}

export const textureAdviceFor = (productId: string) => getTextureAdvice(productId);
