import { AppError } from "@/lib/errors";
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
  new AppError("payload_too_large", `The upload is larger than the ${formatBytes(maxBytes)} allowed in one go: send fewer or smaller textures`);

export const tooMany = (max: number) =>
  new AppError("payload_too_large", `At most ${max} texture files can be uploaded at once`);

export const notAnImage = (label: string) => new AppError("bad_request", notReadableImageWords(label));

export const unreadableImage = (label: string, type: string) =>
  new AppError("bad_request", `${label} looks like ${type.replace("image/", "").toUpperCase()} but cannot be read`);

function formatBytes(bytes: number): string {
  return bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}
