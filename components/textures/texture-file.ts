import { sniffImageType, SNIFF_BYTES } from "@/lib/uploads/sniff";
import { formatBytes } from "@/lib/format";

// The browser's checks of a texture, the same the app's API makes (PNG, JPEG or WebP by their
// first bytes, at most 25 MB, at most 12 files), so a person hears of a problem before uploading.

export const TEXTURE_ACCEPT = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
};
export const MAX_TEXTURE_BYTES = 25 * 1024 * 1024;
export const MAX_TEXTURES = 12;
/** The interface's recommended texture resolution (section 8). */
export const RECOMMENDED_PX = 1024;
export const TEXTURE_ADVICE =
  "For a good LoRA, use images of at least 1024×1024 px with clear detail and good contrast, consistent lighting across all texture files, and no heavy compression artifacts.";

export interface ChosenTexture {
  file: File;
  /** An object URL for the thumbnail; revoked when the texture is replaced or removed. */
  previewUrl: string;
  width: number;
  height: number;
}

/** Checks the file and reads its size in pixels; throws an Error worded for the person. */
export async function readTexture(file: File): Promise<ChosenTexture> {
  if (file.size > MAX_TEXTURE_BYTES) {
    throw new Error(`“${file.name}” is ${formatBytes(file.size)}; the limit is 25 MB. Save it smaller and choose it again.`);
  }
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffImageType(head)) {
    throw new Error(`“${file.name}” is not a PNG, JPEG or WebP image. Choose an image file in one of these types.`);
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`“${file.name}” looks like an image but cannot be read. It may be damaged; export it again.`);
  }
  const { width, height } = bitmap;
  bitmap.close();
  return { file, previewUrl: URL.createObjectURL(file), width, height };
}

/** A rejection of react-dropzone in words. */
export function rejectionWords(file: File, codes: string[]): string {
  if (codes.includes("file-too-large")) {
    return `“${file.name}” is ${formatBytes(file.size)}; the limit is 25 MB. Save it smaller and choose it again.`;
  }
  if (codes.includes("too-many-files")) return "Choose one image per texture slot.";
  return `“${file.name}” is not a PNG, JPEG or WebP image. Choose an image file in one of these types.`;
}
