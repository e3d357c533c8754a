import type { Migration } from "./migration";

export const migration: Migration = {
  id: 40,
  name: "product-lora-state",
  sql: `
      -- What the app has learned of each product's LoRA (the service shows only lora_enabled):
      -- when it was first seen ready (never asked about again to draw lists), when the service
      -- was last asked (so every instance shares one back-off), and when the service later said
      -- it has no LoRA after all. The preview (the template's, else the app's own small copy of
      -- the first texture) is kept so a list needs no service call.
      ALTER TABLE products ADD COLUMN lora_ready_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN lora_checked_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN lora_lost_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN preview_url text NULL;
      -- The first texture, downsized, for products whose template has no preview: in the database
      -- so every instance can serve it.
      CREATE TABLE product_previews (
        product_id text PRIMARY KEY,
        webp bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC);
      CREATE INDEX products_name_idx ON products (lower(name), id);
      CREATE INDEX products_template_idx ON products (template_id, created_at DESC, id DESC);
    `,
};
