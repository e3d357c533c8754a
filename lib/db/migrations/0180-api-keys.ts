import type { Migration } from "./migration";

export const migration: Migration = {
  id: 180,
  name: "api-keys",
  sql: `
      -- A service account is a user other systems act as through its API keys: it has no
      -- password (no typed password matches its hash) and is listed apart on the Users page.
      ALTER TABLE users ADD COLUMN kind text NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'service_account'));
      -- A service account's name as the admin typed it (its email is made from it and never mailed).
      ALTER TABLE users ADD COLUMN name text NULL;

      -- An API key: its secret is kept only as an HMAC-SHA-256 (keyed from SESSION_SECRET), looked
      -- up by that hash. Revoked keys stay, so a request with one is refused in words. The uses of
      -- the current rate-limit window are counted on the row, so every instance counts together.
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'editor', 'reviewer')),
        secret_hash text NOT NULL UNIQUE,
        hint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz NULL,
        revoked_at timestamptz NULL,
        window_started_at timestamptz NULL,
        window_uses integer NOT NULL DEFAULT 0
      );
      CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);
    `,
};
