import "server-only";
import type { Db } from "./client";

// The one schema, as an ordered list of migrations kept as TS strings so they travel inside a
// Next server bundle. Append new migrations (reviews, shares, prompt presets) at the end; never
// edit one that has shipped.

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
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
  },
  {
    id: 2,
    name: "reviews",
    sql: `
      -- Every review action, append-only: who did what to which image, and when. The author's
      -- email is copied so the history still names them after their account is deleted.
      CREATE TABLE review_events (
        id bigserial PRIMARY KEY,
        prediction_id text NOT NULL,
        image_index integer NOT NULL CHECK (image_index >= 0),
        action text NOT NULL CHECK (action IN ('approve', 'reject', 'star', 'unstar', 'comment', 'clear')),
        comment text NULL,
        user_id text NULL REFERENCES users(id) ON DELETE SET NULL,
        user_email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX review_events_image_idx ON review_events (prediction_id, image_index, id);

      -- The current state of each reviewed image, updated in the same transaction as its event,
      -- so lists and counts need not replay the history.
      CREATE TABLE image_reviews (
        prediction_id text NOT NULL,
        image_index integer NOT NULL CHECK (image_index >= 0),
        status text NULL CHECK (status IN ('approved', 'rejected')),
        starred boolean NOT NULL DEFAULT false,
        updated_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (prediction_id, image_index)
      );
    `,
  },
  {
    id: 3,
    name: "shares",
    sql: `
      -- Public read-only links. Only the SHA-256 of the token is kept: a leaked database does not
      -- open the links. A deleted user's links die with them.
      CREATE TABLE shares (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        title text NULL,
        filter jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_by text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL
      );
      CREATE INDEX shares_created_by_idx ON shares (created_by, created_at DESC);
    `,
  },
  {
    id: 4,
    name: "prompt-presets",
    sql: `
      -- Saved prompts per template, shared by the team.
      CREATE TABLE prompt_presets (
        id text PRIMARY KEY,
        template_id text NOT NULL,
        name text NOT NULL,
        prompt text NOT NULL,
        aspect_ratio text NULL,
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (template_id, name)
      );
    `,
  },
  {
    id: 5,
    name: "audit-events",
    sql: `
      -- Who did what, append-only. The actor's email is copied so a line still names them after
      -- their account is deleted; no password, token or cookie is ever written here.
      CREATE TABLE audit_events (
        id bigserial PRIMARY KEY,
        actor_id text NULL REFERENCES users(id) ON DELETE SET NULL,
        actor_email text NOT NULL,
        action text NOT NULL,
        product_id text NULL,
        prediction_id text NULL,
        target_user_id text NULL,
        target_email text NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audit_events_created_idx ON audit_events (id DESC);
      CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, id DESC);
      CREATE INDEX audit_events_action_idx ON audit_events (action, id DESC);
    `,
  },
  {
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
  },
];

// Any fixed number: every process that migrates this database takes the same lock.
const MIGRATION_LOCK = 7_305_112_001;

/** Applies the missing migrations in one transaction; returns the ids it applied. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the work done.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const done = new Set(
      (await tx.query<{ id: number }>("SELECT id FROM schema_migrations")).map((row) => row.id),
    );
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      await execMany(tx, migration.sql);
      await tx.query("INSERT INTO schema_migrations (id, name) VALUES ($1, $2)", [
        migration.id,
        migration.name,
      ]);
      applied.push(migration.id);
    }
    return applied;
  });
}

// Extended-protocol queries take one statement each; migrations hold several. Statements are
// split on semicolons at line ends, so migration SQL must not put one inside a string literal.
async function execMany(tx: Db, sql: string): Promise<void> {
  const statements = sql
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) await tx.query(statement);
}
