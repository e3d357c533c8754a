import type { Migration } from "./migration";

export const migration: Migration = {
  id: 190,
  name: "budgets-and-usage",
  sql: `
      -- Monthly limits an admin sets: for the installation (subject ''), for a role by default
      -- (subject the role) or for one person (subject their id). No row: no limit.
      CREATE TABLE budgets (
        scope text NOT NULL CHECK (scope IN ('installation', 'role', 'user')),
        subject text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('shots', 'trainings')),
        monthly_limit integer NOT NULL CHECK (monthly_limit >= 0),
        changed_by text NULL REFERENCES users (id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, subject, kind)
      );

      -- What was asked of the service, one row per shot or training, written before the service
      -- is called (under the budgets' lock) and taken back when it made nothing. A shot's row
      -- names its job, so a shot sent again after a 429 is counted once.
      CREATE TABLE usage_units (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('shots', 'trainings')),
        user_id text NULL REFERENCES users (id) ON DELETE SET NULL,
        product_id text NOT NULL,
        template_id text NULL,
        campaign_id text NULL,
        job_id text NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX usage_units_kind_created_idx ON usage_units (kind, created_at);
      CREATE INDEX usage_units_user_created_idx ON usage_units (user_id, kind, created_at);

      -- The shots made before budgets existed count too, so the usage page starts with the history.
      INSERT INTO usage_units (kind, user_id, product_id, template_id, campaign_id, created_at)
        SELECT 'shots', p.created_by, p.product_id, pr.template_id, p.batch_id, p.created_at
          FROM predictions p LEFT JOIN products pr ON pr.id = p.product_id;

      -- Why a campaign stopped by itself (its budget reached), shown on its page until resumed.
      ALTER TABLE campaigns ADD COLUMN paused_reason text NULL;
    `,
};
