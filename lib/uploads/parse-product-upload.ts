import "server-only";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { MAX_IMAGE_PIXELS, TEXTURE_MAX_SIDE, TEXTURE_MIN_SIDE } from "@/lib/images/pixel-limits";
import { decodeWhole, withSharpProcess, type SharpRunner } from "@/lib/images/sharp-process";
import { env } from "@/lib/env";
import { createProductFieldsSchema, MAX_TEXTURES, type CreateProductFields } from "@/lib/schemas/product";
import { receiveMultipart, type Received, type SpooledFile } from "./receive-multipart";
import { sniffImageType, SNIFF_BYTES, type ImageType } from "./sniff";
import { uploadTmpDir } from "./spool";
import {
  fieldsAfterFiles,
  malformed,
  missing,
  notAnImage,
  notMultipart,
  textureDamaged,
  textureSides,
  textureTooLarge,
  unreadableImage,
} from "./upload-errors";

// The browser's product upload (template_id, name, texture[n] + texture[n][key]) spooled to temp
// files and checked: every texture must really be a PNG, JPEG or WebP, name a slot, have sides
// and pixels within bounds, and decode to its last pixel (lib/images/pixel-limits.ts).
// The plain fields are checked before any file is stored, so they must come first in the form
// (the app's own form sends them first; a file part before the name and template is refused
// rather than stored on the chance that valid fields follow).

export interface UploadedTexture {
  key: string;
  filename: string;
  /** The type its bytes show, not the one the browser declared. */
  contentType: ImageType;
  path: string;
  size: number;
  width?: number;
  height?: number;
}

export interface ProductUpload {
  fields: CreateProductFields;
  /** Every plain field as sent (a new version's optional name is read from here). */
  formFields: Map<string, string>;
  textures: UploadedTexture[];
  /** Removes the spooled files; call it once they have been sent on. */
  cleanup(): Promise<void>;
}

export interface ParseUploadOptions {
  /** Defaults to UPLOAD_MAX_FILE_BYTES. */
  maxFileBytes?: number;
  maxFiles?: number;
  /** Defaults to UPLOAD_MAX_REQUEST_BYTES. */
  maxRequestBytes?: number;
  /** Defaults to `${DATA_DIR}/uploads/tmp` (lib/uploads/spool.ts). */
  tmpDir?: string;
  /** False for textures alone (the texture advisor, a new version): no name or template_id needed, both answered "". */
  productFields?: boolean;
  /** Without product fields: checks the fields sent before the first file is stored (throws to refuse). */
  beforeFiles?: (fields: Map<string, string>) => void;
}

const KEY_FIELD = /^texture\[(\d{1,4})\]\[key\]$/;

export async function parseProductUpload(
  request: Request,
  {
    maxFileBytes = env().UPLOAD_MAX_FILE_BYTES,
    maxFiles = MAX_TEXTURES,
    maxRequestBytes = env().UPLOAD_MAX_REQUEST_BYTES,
    tmpDir,
    productFields = true,
    beforeFiles,
  }: ParseUploadOptions = {},
): Promise<ProductUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data(\s*;|$)/i.test(contentType.trim())) throw notMultipart();
  if (!request.body) throw malformed();
  const base = tmpDir ?? uploadTmpDir();
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(path.join(base, "upload-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const received = await receiveMultipart(request.body, contentType, dir, {
      maxFileBytes,
      maxFiles,
      maxRequestBytes,
      beforeFirstFile: (fields) => {
        if (!productFields) return beforeFiles?.(fields);
        if (!fields.has("template_id") || !fields.has("name")) throw fieldsAfterFiles();
        checkFields(fields);
      },
    });
    return { ...(await checkUpload(received, productFields)), formFields: received.fields, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The product's name and template, by the one schema the form also uses. */
function checkFields(fields: Map<string, string>): CreateProductFields {
  if (!fields.has("template_id")) throw missing("template_id");
  if (!fields.has("name")) throw missing("name");
  const parsed = createProductFieldsSchema.safeParse({
    template_id: fields.get("template_id"),
    name: fields.get("name"),
  });
  if (!parsed.success)
    throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "The product's name or template is not valid");
  return parsed.data;
}

async function checkUpload(
  { fields, files }: Received,
  withProductFields: boolean,
): Promise<Omit<ProductUpload, "cleanup" | "formFields">> {
  // The texture check (POST /api/textures/check) takes the same upload without name or template.
  const productFields = withProductFields ? checkFields(fields) : { template_id: "", name: "" };

  const keys = new Map<number, string>();
  for (const [field, value] of fields) {
    const match = KEY_FIELD.exec(field);
    if (match) keys.set(Number(match[1]), value.trim());
  }
  // An empty file input arrives as a nameless, empty file: it is no texture.
  const sent = files.filter((f) => !(f.size === 0 && f.filename === ""));
  for (const n of keys.keys()) {
    if (!sent.some((f) => f.n === n))
      throw new AppError("bad_request", `texture[${n}][key] was sent without a texture[${n}] file`);
  }
  if (sent.length === 0) throw missing("At least one texture file (texture[0])");

  const slots = new Set<string>();
  const textures: UploadedTexture[] = [];
  // One child process decodes every texture of the upload, one after another (see checkImage).
  await withSharpProcess(async (run) => {
    for (const file of sent) {
      const label = `texture[${file.n}] (${file.filename || "unnamed"})`;
      const key = keys.get(file.n);
      if (!key) throw missing(`texture[${file.n}][key] for ${label}`);
      if (slots.has(key)) throw new AppError("bad_request", `The texture slot "${key}" is filled twice`);
      slots.add(key);
      textures.push({ key, ...(await checkImage(file, label, key, run)) });
    }
  });
  return { fields: productFields, textures };
}

async function checkImage(
  file: SpooledFile,
  label: string,
  key: string,
  run: SharpRunner,
): Promise<Omit<UploadedTexture, "key">> {
  const head = Buffer.alloc(SNIFF_BYTES);
  const handle = await open(file.path, "r");
  try {
    await handle.read(head, 0, SNIFF_BYTES, 0);
  } finally {
    await handle.close();
  }
  const contentType = sniffImageType(head);
  if (!contentType) throw notAnImage(label);
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only: cheap, and proves the file is more than the right first bytes.
    ({ width, height } = await sharp(file.path).metadata());
  } catch {
    throw unreadableImage(label, contentType);
  }
  const [w, h] = [width ?? 0, height ?? 0];
  if (w < TEXTURE_MIN_SIDE || h < TEXTURE_MIN_SIDE) throw textureSides(key, w, h);
  if (w > TEXTURE_MAX_SIDE || h > TEXTURE_MAX_SIDE || w * h > MAX_IMAGE_PIXELS) throw textureTooLarge(key, w, h);
  // The header alone says nothing of the rest: the whole file is decoded, from the spooled file
  // in strips (sequentialRead; stats() keeps no full-size buffer), and a truncated or damaged one
  // (libpng or libjpeg warns at its end) is refused here rather than failing the service's training.
  // Decoded in a child process: libvips' working memory for one 5000-pixel PNG grew the server by
  // over 100 MB, which glibc then kept (lib/images/sharp-process.ts).
  try {
    await decodeWhole(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, failOn: "warning" }, run);
  } catch {
    throw textureDamaged(key, contentType);
  }
  return {
    filename: file.filename || `texture-${file.n}`,
    contentType,
    path: file.path,
    size: file.size,
    width,
    height,
  };
}
