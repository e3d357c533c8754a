import "server-only";
import { log } from "@/lib/log";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import {
  isAspectRatio,
  type AspectRatio,
  type Prediction,
  type Product,
  type Template,
  type TextureSlot,
} from "@/lib/types";
import { absoluteUrl, isAssetUrl } from "./assets";
import { rawList, type RawPrediction, type RawProduct, type RawTemplate } from "./schemas";

// Raw service records → the app's own shapes of lib/types.ts.

/** Parses a 2xx body; a body of the wrong shape is the service's fault, told as a 502. */
export function parseAnswer<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "the body";
    throw new AppError(
      "bad_gateway",
      `The image service sent an unreadable answer (HTTP 200): ${what} lacks a usable ${where}.`,
    );
  }
  return parsed.data;
}

/** List items that fail their schema are dropped rather than failing the whole list. */
export function parseList<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S>[] {
  const items = parseAnswer(rawList, json, what);
  const out: z.output<S>[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export function reshapePrediction(raw: RawPrediction, known: { product_id?: string } = {}): Prediction {
  const all = raw.images.map(absoluteUrl).filter((u): u is string => u !== null);
  // Only asset-origin URLs reach a browser (never a link to wherever a service answer points).
  // Others mean PVS_ASSET_URL does not match the service: said once in the log, not hidden.
  const images = all.filter(isAssetUrl);
  if (images.length < all.length) warnForeignImages(all.find((u) => !isAssetUrl(u))!);
  return {
    id: raw.id,
    product_id: raw.product_id ?? known.product_id ?? "",
    prompt: raw.prompt ?? "",
    aspect_ratio: asAspectRatio(raw.aspect_ratio),
    // The completed status is not shown and list/get lack `status`; the document's own rule
    // for completion is "images becomes non-empty", whatever status string comes with them.
    status: all.length > 0 ? "succeeded" : "processing",
    images,
    date_modification: raw.date_modification ?? "",
  };
}

let warned = false;
function warnForeignImages(example: string): void {
  if (warned) return;
  warned = true;
  log.warn({ origin: new URL(example).origin }, "image URLs outside PVS_ASSET_URL are not shown; check PVS_ASSET_URL");
}

function asAspectRatio(value: string | undefined): AspectRatio | null {
  const trimmed = value?.trim();
  return isAspectRatio(trimmed) ? trimmed : null;
}

export function reshapeProduct(raw: RawProduct): Product {
  return {
    id: raw.id,
    lora_enabled: asFlag(raw.lora_enabled),
    name: typeof raw.name === "string" ? raw.name : null,
    template_id: asIdOrNull(raw.template_id),
  };
}

function asFlag(value: unknown): 0 | 1 {
  if (value === true || value === 1) return 1;
  if (typeof value === "string") return ["1", "true"].includes(value.trim().toLowerCase()) ? 1 : 0;
  return 0;
}

function asIdOrNull(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value !== "" ? value : null;
}

export function reshapeTemplate(raw: RawTemplate): Template {
  const record = raw as Record<string, unknown>;
  const name = firstString(record, ["name", "title", "label"]);
  const preview = firstString(record, ["preview_url", "preview", "image", "image_url", "thumbnail"]);
  return {
    id: raw.id,
    name: name ?? `Template ${raw.id}`,
    loraScene: typeof raw.loraScene === "string" ? raw.loraScene : null,
    preview_url: preview ? absoluteUrl(preview) : null,
    texture_slots: textureSlots(record),
  };
}

function firstString(record: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

function textureSlots(record: Record<string, unknown>): TextureSlot[] {
  const list = ["textures", "texture_slots", "slots", "textureSlots"].map((key) => record[key]).find(Array.isArray);
  if (!list) return [];
  const slots: TextureSlot[] = [];
  for (const item of list) {
    if (typeof item === "string" && item !== "") {
      slots.push({ key: item, label: item });
    } else if (item && typeof item === "object") {
      const o = item as Record<string, unknown>;
      const key = asIdOrNull(o.key);
      if (key === null) continue;
      slots.push({ key, label: firstString(o, ["label", "name", "title"]) ?? key });
    }
  }
  return slots;
}

// Copies for coalesce.ts: every caller gets objects of its own.
export const copyPrediction = (p: Prediction): Prediction => ({ ...p, images: [...p.images] });
export const copyProduct = (p: Product): Product => ({ ...p });
export const copyTemplate = (t: Template): Template => ({
  ...t,
  texture_slots: t.texture_slots.map((s) => ({ ...s })),
});
export const copyTemplates = (list: Template[]): Template[] => list.map(copyTemplate);
