import type { Migration } from "./migration";

export const migration: Migration = {
  id: 120,
  name: "share-sign-off",
  sql: `
      -- A link's visitors may approve or comment on its images under a name they type, unless its
      -- maker turned that off. Links made before this could not ask: they stay off; new ones are on.
      ALTER TABLE shares ADD COLUMN sign_off boolean NOT NULL DEFAULT false;
      ALTER TABLE shares ALTER COLUMN sign_off SET DEFAULT true;

      -- A review sent through a link has no account behind it: the typed name and the link stand
      -- for the author instead of an email.
      ALTER TABLE review_events ALTER COLUMN user_email DROP NOT NULL;
      ALTER TABLE review_events ADD COLUMN visitor_name text NULL;
      ALTER TABLE review_events ADD COLUMN share_id text NULL;
      ALTER TABLE review_events ADD CONSTRAINT review_events_author_check CHECK (user_email IS NOT NULL OR visitor_name IS NOT NULL);

      -- Hits per key in fixed windows (e.g. sign-offs per link per hour), counted in one statement
      -- so every instance counts together.
      CREATE TABLE rate_windows (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_started_at timestamptz NOT NULL
      );
    `,
};
