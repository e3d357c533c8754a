import type { Migration } from "./migration";

export const migration: Migration = {
  id: 30,
  name: "prediction-index",
  sql: `
      -- The gallery's index: every prediction of the account, the ones this app created and the
      -- ones the service's list shows (made elsewhere with the same token), shared by every app
      -- instance. sort_ms is the gallery's time (when this app created it, else the service's
      -- date_modification read as UTC); ids compare byte-wise so the keyset order is the same in
      -- PGlite and PostgreSQL.
      CREATE TABLE prediction_index (
        id text COLLATE "C" PRIMARY KEY,
        product_id text NOT NULL,
        prompt text NOT NULL DEFAULT '',
        aspect_ratio text NULL,
        images jsonb NOT NULL DEFAULT '[]'::jsonb,
        image_count integer NOT NULL DEFAULT 0,
        date_modification text NOT NULL DEFAULT '',
        sort_ms bigint NOT NULL,
        created_at timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX prediction_index_order_idx ON prediction_index (sort_ms DESC, id DESC);
      CREATE INDEX prediction_index_product_idx ON prediction_index (product_id, sort_ms DESC, id DESC);

      INSERT INTO prediction_index (id, product_id, prompt, aspect_ratio, sort_ms, created_at)
      SELECT id, product_id, prompt, aspect_ratio, floor(extract(epoch FROM created_at) * 1000)::bigint, created_at
      FROM predictions;

      -- One row: when the service's list was last read into the index, and who is reading it now
      -- (a lease, so two instances never both fetch it).
      CREATE TABLE prediction_index_state (
        id integer PRIMARY KEY CHECK (id = 1),
        attempted_at timestamptz NULL,
        -- The last read a person asked for (Refresh): limited on its own, so a background read
        -- moments before never makes a person wait.
        refreshed_at timestamptz NULL,
        reconciled_at timestamptz NULL,
        list_length integer NOT NULL DEFAULT 0,
        cadence_ms integer NOT NULL DEFAULT 3000,
        lease_holder text NULL,
        lease_until timestamptz NULL,
        -- Rows in prediction_index, kept with every insert: the unfiltered gallery's total
        -- without counting 100,000 rows per page.
        row_count bigint NOT NULL DEFAULT 0
      );
      INSERT INTO prediction_index_state (id, row_count) SELECT 1, count(*) FROM prediction_index;
    `,
};
