import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { chmod, copyFile, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { saveTextureFileRecord, textureFileRecords } from "@/lib/db/product-texture-files";
import { KEPT_TEXTURES_DIR } from "@/lib/data-dir";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { TextureFile } from "@/lib/service";

// The texture files a product was created from, kept so that a new version can be made from the
// slots it does not replace (the service keeps them but gives none back). On disk under DATA_DIR,
// named by hashes (never by what a person typed); the registry's rows say which exist. Keeping is
// best effort: a product exists whatever happens here, and its page then says which slot must be
// chosen again for a new version.

const folderOf = (productId: string) => createHash("sha256").update(productId).digest("hex").slice(0, 40);
const fileOf = (slotKey: string) => createHash("sha256").update(slotKey).digest("hex").slice(0, 32);

export function keptTexturesDir(): string {
  return path.join(env().DATA_DIR, KEPT_TEXTURES_DIR);
}

/** Copies each spooled (or kept) texture beside the product's others and records it. */
export async function keepTextureFiles(productId: string, textures: readonly TextureFile[]): Promise<void> {
  const folder = path.join(keptTexturesDir(), folderOf(productId));
  for (const texture of textures) {
    const fileName = path.join(folderOf(productId), fileOf(texture.key));
    const target = path.join(keptTexturesDir(), fileName);
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(/*turbopackIgnore: true*/ folder, { recursive: true, mode: 0o700 });
      await copyFile(/*turbopackIgnore: true*/ texture.path, temporary);
      // Out of other accounts' reach, like everything in DATA_DIR (lib/private-files.ts).
      await chmod(/*turbopackIgnore: true*/ temporary, 0o600);
      await rename(/*turbopackIgnore: true*/ temporary, target);
      await saveTextureFileRecord({
        productId,
        slotKey: texture.key,
        filename: texture.filename,
        contentType: texture.contentType,
        size: texture.size,
        fileName,
      });
    } catch (error) {
      await rm(/*turbopackIgnore: true*/ temporary, { force: true }).catch(() => undefined);
      log.warn({ err: error, productId, slot: texture.key }, "could not keep a texture file");
    }
  }
}

/** The product's kept texture files that are still on disk, ready to be sent again. */
export async function keptTextureFiles(productId: string): Promise<TextureFile[]> {
  const records = await textureFileRecords(productId);
  const found: TextureFile[] = [];
  for (const record of records) {
    const file = path.join(keptTexturesDir(), record.fileName);
    const seen = await stat(/*turbopackIgnore: true*/ file).catch(() => null);
    if (!seen?.isFile()) {
      log.warn({ productId, slot: record.slotKey }, "a kept texture file is missing");
      continue;
    }
    found.push({
      key: record.slotKey,
      filename: record.filename,
      contentType: record.contentType,
      path: file,
      size: seen.size,
    });
  }
  return found;
}
