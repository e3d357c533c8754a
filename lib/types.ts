// The app's own shapes of the interface's resources, as its API answers them to the browser.
// Field names are the interface document's own words; ids are always strings here, whatever
// the service sent. Only `lib/service/` turns raw service responses into these.

export const ASPECT_RATIOS = ["16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export interface TextureSlot {
  key: string;
  label: string;
}

export interface Template {
  id: string;
  name: string;
  /** Only the detail is promised to carry it; list items may lack it (null then). */
  loraScene: string | null;
  preview_url: string | null;
  /** Slots the service declared in a shape the app recognises; may be empty. */
  texture_slots: TextureSlot[];
}

export interface Product {
  id: string;
  lora_enabled: 0 | 1;
  name: string | null;
  template_id: string | null;
}

/** `succeeded` is the app's word for "images arrived": the service's completed status is not shown. */
export type PredictionStatus = "processing" | "succeeded";

export interface Prediction {
  id: string;
  product_id: string;
  prompt: string;
  /** Absent from the service's list items; known when the app created the prediction. */
  aspect_ratio: AspectRatio | null;
  status: PredictionStatus;
  images: string[];
  /** `YYYY-MM-DD HH:MM:SS` as the service sent it; its time zone is not shown. */
  date_modification: string;
}

export interface LoraStartResult {
  result: string;
}

export type Role = "admin" | "editor" | "reviewer";

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

/** Every error body, the service's and the app's: `{ error, message }`. */
export interface ErrorBody {
  error: string;
  message: string;
}

/** A product as the app's API answers it: the service's product plus the registry's record. */
export interface ProductView extends Product {
  template_name: string | null;
  texture_keys: string[];
  /** ISO 8601. */
  created_at: string | null;
  /** ISO 8601: when this app first started the product's LoRA training. */
  lora_started_at: string | null;
  /** ISO 8601: when the app first saw the LoRA ready. */
  lora_ready_at: string | null;
  /** ISO 8601: when the service refused a prediction for want of a LoRA the app had seen ready. */
  lora_lost_at: string | null;
  /** The template's preview (an asset URL), else the app's own preview of the first texture (an /api path). */
  preview_url: string | null;
  /** How many predictions this app made of the product. */
  shots: number;
}

/** One page of the product list (GET /api/products). */
export interface ProductPage {
  items: ProductView[];
  next_cursor: string | null;
  total: number;
}

/** A prediction as the app's API answers it: the service's prediction plus the registry's record. */
export interface PredictionView extends Prediction {
  product_name: string | null;
  /** ISO 8601: when this app created it (null for predictions made elsewhere). */
  created_at: string | null;
}
