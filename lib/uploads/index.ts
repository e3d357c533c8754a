import "server-only";

// The browser's multipart product upload, spooled to temp files and checked to be images.

export { parseProductUpload } from "./parse-product-upload";
export type { ParseUploadOptions, ProductUpload, UploadedTexture } from "./parse-product-upload";
export { sniffImageType } from "./sniff";
export type { ImageType } from "./sniff";
export { startSpoolSweeps, uploadTmpDir } from "./spool";
export { MAX_UPLOADS_IN_FLIGHT, withUploadSlot } from "./upload-slots";
