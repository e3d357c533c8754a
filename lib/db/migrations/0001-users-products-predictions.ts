import type { Migration } from "./migration";

export const migration: Migration = {
  id: 1,
  name: "users-products-predictions",
  sql: `
      CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('admin', 'editor', 'reviewer')),
        password_hash text NOT NULL,
        -- Bumped on sign-out, password change and disabling: sealed cookies carry it, and a
        -- cookie whose epoch is not the current one is refused.
        session_epoch integer NOT NULL DEFAULT 0,
        disabled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE products (
        id text PRIMARY KEY,
        name text NOT NULL,
        template_id text NOT NULL,
        template_name text NULL,
        texture_keys jsonb NOT NULL DEFAULT '[]'::jsonb,
        -- A product outlives the user who made it.
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        lora_started_at timestamptz NULL
      );
      CREATE INDEX products_created_at_idx ON products (created_at DESC);

      -- No foreign key to products: a prediction may name a product the registry has not
      -- recorded yet (still in the journal) or one made outside the app.
      CREATE TABLE predictions (
        id text PRIMARY KEY,
        product_id text NOT NULL,
        prompt text NOT NULL,
        aspect_ratio text NOT NULL,
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX predictions_product_id_idx ON predictions (product_id);
      CREATE INDEX predictions_created_at_idx ON predictions (created_at DESC);
    `,
};
