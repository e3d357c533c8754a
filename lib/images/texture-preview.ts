import "server-only";
import { MAX_IMAGE_PIXELS } from "./pixel-limits";
import { runInSharpProcess, type SharpRunner } from "./sharp-process";

// A product card's preview made from its first texture when the template has none, and the
// product page's thumbnail of every texture: a square WebP small enough to keep in the database
// (a few KB), made once at upload. The texture is decoded in a child process (sharp-process.ts).

export const TEXTURE_PREVIEW_PX = 480;

export async function texturePreview(file: string, run: SharpRunner = runInSharpProcess): Promise<Buffer> {
  const { data } = await run({
    file,
    input: { limitInputPixels: MAX_IMAGE_PIXELS },
    steps: [
      ["rotate"],
      ["resize", TEXTURE_PREVIEW_PX, TEXTURE_PREVIEW_PX, { fit: "cover", withoutEnlargement: true }],
      ["webp", { quality: 72 }],
    ],
  });
  return data;
}

/** Where the app serves the thumbnail of one texture slot (GET /api/products/{id}/textures/{key}). */
export function textureThumbUrl(productId: string, slotKey: string): string {
  return `/api/products/${encodeURIComponent(productId)}/textures/${encodeURIComponent(slotKey)}`;
}

/** Where the app serves it (GET /api/products/{id}/preview). */
export function texturePreviewUrl(productId: string): string {
  return `/api/products/${encodeURIComponent(productId)}/preview`;
}
