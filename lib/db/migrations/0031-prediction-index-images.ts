import type { Migration } from "./migration";

export const migration: Migration = {
  id: 31,
  name: "prediction-index-images",
  sql: `
      -- Thumbnails are made only of images the app knows: "is this URL one of ours" is a lookup.
      CREATE INDEX prediction_index_images_idx ON prediction_index USING gin (images jsonb_path_ops);
    `,
};
