import type { Migration } from "./migration";

export const migration: Migration = {
  id: 170,
  name: "company-sign-in",
  sql: `
      -- A sign-in through the identity provider under way: its id is sealed in the browser's flow
      -- cookie with the state, nonce and PKCE verifier, and the row is deleted when the provider
      -- sends the person back, so a flow cookie completes one sign-in at most, on any instance.
      CREATE TABLE sign_in_flows (
        id text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sign_in_flows_expires_idx ON sign_in_flows (expires_at);

      -- Who may sign in with a password: everyone, or (with company sign-in) one break-glass admin.
      CREATE TABLE password_sign_in (
        only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
        break_glass_user_id text NULL REFERENCES users (id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      );
    `,
};
