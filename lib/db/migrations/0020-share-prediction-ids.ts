import type { Migration } from "./migration";

export const migration: Migration = {
  id: 20,
  name: "share-prediction-ids",
  sql: `
      -- A link shows the predictions it was made with, not a live filter. Links made before this
      -- keep NULL here and are fixed on their first opening (lib/studio/shared-gallery.ts): the
      -- shots their filter matched among those made up to the link's creation. SQL alone cannot
      -- do that here, since the filter reads the service's prediction list.
      ALTER TABLE shares ADD COLUMN prediction_ids jsonb NULL;
    `,
};
