import type { Migration } from "./migration";

export const migration: Migration = {
  id: 130,
  name: "prediction-batches-and-texture-thumbnails",
  sql: `
      -- The batch a prediction was asked in (several ratios or variations at once), so its shots
      -- show as one group and are announced once. NULL for a prediction asked alone.
      ALTER TABLE predictions ADD COLUMN batch_id text NULL;
      -- Each texture a product was created from, downsized, per slot: the product page shows
      -- what the LoRA learns from. The service keeps the files but does not give them back.
      CREATE TABLE product_texture_thumbs (
        product_id text NOT NULL,
        slot_key text NOT NULL,
        webp bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, slot_key)
      );
    `,
};
