import type { Migration } from "./migration";

export const migration: Migration = {
  id: 200,
  name: "events",
  sql: `
      -- What open pages are told (GET /api/events): a shot's images arrived, a training finished,
      -- a review or a campaign shot changed, a notification. The id is the stream's event id, so a
      -- page that reconnects asks for what came after the last one it saw. Kept for an hour at most
      -- (lib/events/publish.ts prunes); a page that missed more is told to load again.
      CREATE TABLE events (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        -- NULL: everyone signed in may see it; else only this person.
        user_id text NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX events_created_at ON events (created_at);
  `,
};
