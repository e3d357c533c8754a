import type { Migration } from "./migration";

export const migration: Migration = {
  id: 10,
  name: "sign-in-throttle",
  sql: `
      -- Failed sign-ins counted per key ('account:<email>' or 'address:<ip>') in a window, so
      -- every app instance on this database counts together. locked_until is set when a key
      -- reaches its limit; sign-in is refused before any password hashing until then.
      CREATE TABLE sign_in_throttle (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        window_started_at timestamptz NOT NULL,
        locked_until timestamptz NULL
      );
      CREATE INDEX sign_in_throttle_window_idx ON sign_in_throttle (window_started_at);
    `,
};
