import type { Migration } from "./migration";

export const migration: Migration = {
  id: 4,
  name: "prompt-presets",
  sql: `
      -- Saved prompts per template, shared by the team.
      CREATE TABLE prompt_presets (
        id text PRIMARY KEY,
        template_id text NOT NULL,
        name text NOT NULL,
        prompt text NOT NULL,
        aspect_ratio text NULL,
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (template_id, name)
      );
    `,
};
