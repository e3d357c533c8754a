import type { Migration } from "./migration";

export const migration: Migration = {
  id: 11,
  name: "password-change-required",
  sql: `
      -- Set for passwords the app generated (first admin, invitations, resets): the person must
      -- choose their own before anything else works.
      ALTER TABLE users ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
    `,
};
