import type { Migration } from "./migration";

export const migration: Migration = {
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
};
