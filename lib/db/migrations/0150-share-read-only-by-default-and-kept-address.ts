import type { Migration } from "./migration";

export const migration: Migration = {
  id: 150,
  name: "share-read-only-by-default-and-kept-address",
  sql: `
      -- A new link is read-only unless its maker lets visitors approve and comment when making it:
      -- "read-only, to anyone who has it" is what a link is taken to be. Existing links keep what
      -- they have (a default changes no row).
      ALTER TABLE shares ALTER COLUMN sign_off SET DEFAULT false;

      -- The link's token, sealed (lib/studio/share-address.ts), so its maker can copy the address
      -- again; token_hash stays the lookup. NULL for links made before: their address was never kept.
      ALTER TABLE shares ADD COLUMN token_sealed text NULL;
    `,
};
