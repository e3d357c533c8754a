import type { Migration } from "./migration";

export const migration: Migration = {
  id: 60,
  name: "upload-slots",
  sql: `
      -- Product uploads in progress, per person, so every instance counts them together. A row
      -- expires on its own: a process that dies mid-upload does not hold the slot for ever.
      CREATE TABLE upload_slots (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX upload_slots_user_idx ON upload_slots (user_id, expires_at);
    `,
};
