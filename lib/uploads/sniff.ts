// What an uploaded file really is, by its first bytes rather than its name or declared type.
// PNG, JPEG and WebP only: they are what texture images are in practice and what every image
// service reads. GIF is refused (256 colours, often animated: a poor texture for LoRA training)
// and AVIF too (whether the service decodes it is not shown; a refusal now beats a failed
// training later).

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

export const SNIFF_BYTES = 12;

export function sniffImageType(head: Uint8Array): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  // "RIFF" <size> "WEBP"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/**
 * The one refusal of a file that is not a PNG, JPEG or WebP by its bytes, said the same by the
 * browser's check and the server's. Its name may say ".png": the words speak of the contents.
 */
export function notReadableImageWords(file: string): string {
  return `${file}: this file’s contents are not a readable image. Choose a PNG, JPEG or WebP image.`;
}
