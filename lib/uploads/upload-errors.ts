import { AppError } from "@/lib/errors";
import { MAX_IMAGE_PIXELS, megapixels, TEXTURE_MAX_SIDE, TEXTURE_MIN_SIDE } from "@/lib/images/pixel-limits";
import { notReadableImageWords } from "./sniff";

// The upload's refusals, worded for the person who chose the files.

export const MiB = 1024 * 1024;

export const notMultipart = () =>
  new AppError("unsupported_media_type", "The upload must be sent as multipart/form-data");

export const malformed = () =>
  new AppError("bad_request", "The upload could not be read: the multipart form is malformed or incomplete");

export const fieldsAfterFiles = () =>
  new AppError("bad_request", "The product's name and template must come before its texture files in the upload");

export const missing = (what: string) => new AppError("bad_request", `${what} is required`);

export const tooLarge = (label: string, maxBytes: number) =>
  new AppError("payload_too_large", `${label} is larger than the ${formatBytes(maxBytes)} limit`);

export const tooLargeRequest = (maxBytes: number) =>
  new AppError(
    "payload_too_large",
    `The upload is larger than the ${formatBytes(maxBytes)} allowed in one go: send fewer or smaller textures`,
  );

export const tooMany = (max: number) =>
  new AppError("payload_too_large", `At most ${max} texture files can be uploaded at once`);

export const notAnImage = (label: string) => new AppError("bad_request", notReadableImageWords(label));

export const unreadableImage = (label: string, type: string) =>
  new AppError("bad_request", `${label} looks like ${type.replace("image/", "").toUpperCase()} but cannot be read`);

/** The words below name the texture by its slot, as the form shows it: “label”, “cap”. */
export const textureTooLarge = (key: string, width: number, height: number) =>
  new AppError(
    "bad_request",
    `The texture for “${key}” is too large: ${width} × ${height} pixels (${megapixels(width, height)} megapixels). Textures can be at most ${TEXTURE_MAX_SIDE} pixels on a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  );

export const textureSides = (key: string, width: number, height: number) =>
  new AppError(
    "bad_request",
    `The texture for “${key}” is ${width} × ${height} pixels: each side must be from ${TEXTURE_MIN_SIDE} to ${TEXTURE_MAX_SIDE} pixels.`,
  );

export const textureDamaged = (key: string, type: string) =>
  new AppError(
    "bad_request",
    `The texture for “${key}” is damaged: the ${type.replace("image/", "").toUpperCase()} cannot be read to its end. Export it again and choose it once more.`,
  );

function formatBytes(bytes: number): string {
  return bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}
