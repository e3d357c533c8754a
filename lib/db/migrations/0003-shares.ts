import type { Migration } from "./migration";

export const migration: Migration = {
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
};
