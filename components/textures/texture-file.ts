import { formatBytes } from "@/lib/format";
import { MAX_TEXTURE_BYTES } from "@/lib/schemas/product-limits";
import { notReadableImageWords, sniffImageType, SNIFF_BYTES } from "@/lib/uploads/sniff";

// The browser's checks of a texture, the same the app's API makes (PNG, JPEG or WebP by their
// first bytes, the size and count limits of lib/schemas/product), so a person hears of a problem
// before uploading.

export const TEXTURE_ACCEPT = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
};
/** The size limit in a person's words ("25 MB"). */
export const TEXTURE_SIZE_LIMIT = `${MAX_TEXTURE_BYTES / (1024 * 1024)} MB`;
const TOO_LARGE = (file: File) =>
  `“${file.name}” is ${formatBytes(file.size)}; the limit is ${TEXTURE_SIZE_LIMIT}. Save it smaller and choose it again.`;
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
    throw new Error(TOO_LARGE(file));
  }
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffImageType(head)) {
    throw new Error(notReadableImageWords(`“${file.name}”`));
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
    return TOO_LARGE(file);
  }
  if (codes.includes("too-many-files")) return "Choose one image per texture slot.";
  return notReadableImageWords(`“${file.name}”`);
}
