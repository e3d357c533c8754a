import type { Migration } from "./migration";

export const migration: Migration = {
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
};
