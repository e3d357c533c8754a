import type { Migration } from "./migration";

export const migration: Migration = {
  id: 50,
  name: "product-texture-advice",
  sql: `
      -- The texture advisor's findings on the files a product was created from, shown again
      -- next to "Generate LoRA". No foreign key: the product may still wait in the journal.
      CREATE TABLE product_texture_advice (
        product_id text PRIMARY KEY,
        report jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
};
