import "server-only";
import { keptImage } from "@/lib/service";
import type { Db } from "./client";

// The registry's inserts, shared by the normal path and the journal replay. Both are idempotent
// (a replay of a row that did arrive changes nothing) and never fail on a creator that has since
// been deleted: created_by falls back to null.

export interface ProductInput {
  /** The service's product id. */
  id: string;
  name: string;
  templateId: string;
  templateName?: string | null;
  /** The template's preview (asset URL), else the app's own first-texture preview route; lists show it without asking the service. */
  previewUrl?: string | null;
  textureKeys: string[];
  createdBy: string | null;
  /** ISO time; now when omitted. */
  createdAt?: string;
  /** The product this one is a new version of. */
  previousVersionId?: string | null;
}

export interface PredictionInput {
  /** The service's prediction id. */
  id: string;
  productId: string;
  prompt: string;
  aspectRatio: string;
  createdBy: string | null;
  /** ISO time; now when omitted. */
  createdAt?: string;
  /** Shared by the predictions of one batch; absent for one asked alone. */
  batchId?: string;
}

export async function insertProduct(db: Db, p: ProductInput): Promise<void> {
  await db.query(
    `INSERT INTO products (id, name, template_id, template_name, texture_keys, created_by, created_at, preview_url, previous_version_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, (SELECT id FROM users WHERE id = $6), $7::timestamptz, $8, $9)
     ON CONFLICT (id) DO NOTHING`,
    [
      p.id,
      p.name,
      p.templateId,
      p.templateName ?? null,
      JSON.stringify(p.textureKeys),
      p.createdBy,
      p.createdAt ?? new Date().toISOString(),
      // A template's preview is kept by its asset key (lib/service/assets.ts); the app's own route as it is.
      p.previewUrl ? keptImage(p.previewUrl) : null,
      p.previousVersionId ?? null,
    ],
  );
}

export async function insertPrediction(db: Db, p: PredictionInput): Promise<void> {
  await db.query(
    `INSERT INTO predictions (id, product_id, prompt, aspect_ratio, created_by, created_at, batch_id)
     VALUES ($1, $2, $3, $4, (SELECT id FROM users WHERE id = $5), $6::timestamptz, $7)
     ON CONFLICT (id) DO NOTHING`,
    [
      p.id,
      p.productId,
      p.prompt,
      p.aspectRatio,
      p.createdBy,
      p.createdAt ?? new Date().toISOString(),
      p.batchId ?? null,
    ],
  );
}
