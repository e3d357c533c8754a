import type { Migration } from "./migration";

export const migration: Migration = {
  id: 160,
  name: "product-archive-rename-versions",
  sql: `
      -- The service has no product update: a product is looked after in the registry. Archived
      -- products leave lists and pickers (their shots stay where they are); a product made as a new
      -- version of another names it, so both pages can link to each other.
      ALTER TABLE products ADD COLUMN archived_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN renamed_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN previous_version_id text NULL;
      CREATE INDEX products_previous_version_idx ON products (previous_version_id) WHERE previous_version_id IS NOT NULL;

      -- The texture files a product was created from, kept in DATA_DIR/textures so a new version
      -- can be made from the slots that are not replaced: the service keeps them but does not
      -- give them back. One row per kept file; the file itself is named by the row.
      CREATE TABLE product_texture_files (
        product_id text NOT NULL,
        slot_key text NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        file_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, slot_key)
      );
    `,
};
