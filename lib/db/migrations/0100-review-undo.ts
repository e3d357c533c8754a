import type { Migration } from "./migration";

export const migration: Migration = {
  id: 100,
  name: "review undo",
  sql: `
      -- Each state-changing review keeps the image's state from before it, so its author can undo
      -- a slip: the state goes back and the event stays in the history, marked as undone. Events
      -- recorded before this column existed have no "before" and cannot be undone.
      ALTER TABLE review_events ADD COLUMN before_status text NULL;
      ALTER TABLE review_events ADD COLUMN before_starred boolean NULL;
      ALTER TABLE review_events ADD COLUMN undone_at timestamptz NULL;
    `,
};
