import type { Migration } from "./migration";

export const migration: Migration = {
  id: 140,
  name: "campaigns-and-shot-jobs",
  sql: `
      -- A campaign: a launch's shots for many products, scenes (prompts) and outputs (ratios, or
      -- channel presets that map to them), made by the server at the service's pace. kind 'batch'
      -- is the product page's asking for one shot or several at once: the same engine, not listed.
      CREATE TABLE campaigns (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('campaign', 'batch')),
        name text NOT NULL,
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        prompts jsonb NOT NULL,
        outputs jsonb NOT NULL,
        variations integer NOT NULL CHECK (variations >= 1),
        paused_at timestamptz NULL,
        cancelled_at timestamptz NULL,
        finished_at timestamptz NULL,
        -- When a shot of it was last sent: the next send goes to the campaign that waited longest.
        last_sent_at timestamptz NULL
      );
      CREATE INDEX campaigns_list_idx ON campaigns (kind, created_at DESC, id DESC);

      -- Each product of a campaign, trained first when it has no LoRA; skipped (with the reason)
      -- when it cannot be, never blocking the others.
      CREATE TABLE campaign_products (
        campaign_id text NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        product_id text NOT NULL,
        position integer NOT NULL,
        state text NOT NULL CHECK (state IN ('checking', 'training', 'ready', 'skipped')),
        reason text NULL,
        next_check_at timestamptz NOT NULL,
        training_started_at timestamptz NULL,
        -- Times the service refused a shot for want of a LoRA the app had seen ready.
        lora_losses integer NOT NULL DEFAULT 0,
        PRIMARY KEY (campaign_id, product_id)
      );
      CREATE INDEX campaign_products_due_idx ON campaign_products (next_check_at) WHERE state IN ('checking', 'training');

      -- One row per shot to make, written before anything is sent. 'sending' is recorded (with
      -- sent_at) before the create goes out; an answer that never came makes it 'unknown', and it
      -- is looked for in the service's list before it is ever sent again. prediction_id is
      -- unique: one prediction is claimed by one shot at most.
      CREATE TABLE shot_jobs (
        id bigserial PRIMARY KEY,
        campaign_id text NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        product_id text NOT NULL,
        prompt_index integer NOT NULL,
        prompt text NOT NULL,
        aspect_ratio text NOT NULL,
        variation integer NOT NULL,
        -- 0: a person waiting on the product page; 1: a campaign. Lower goes first.
        priority smallint NOT NULL,
        state text NOT NULL CHECK (state IN ('waiting_training', 'queued', 'sending', 'unknown', 'generating', 'done', 'failed', 'cancelled')),
        next_attempt_at timestamptz NOT NULL,
        throttled integer NOT NULL DEFAULT 0,
        sends integer NOT NULL DEFAULT 0,
        sent_at timestamptz NULL,
        -- The instance that sent it last (an operator's "who sent this"), kept after its claim ends.
        sent_by text NULL,
        claimed_by text NULL,
        claim_expires_at timestamptz NULL,
        prediction_id text NULL UNIQUE,
        error_status integer NULL,
        error text NULL,
        created_by text NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX shot_jobs_queue_idx ON shot_jobs (priority, next_attempt_at) WHERE state = 'queued';
      CREATE INDEX shot_jobs_campaign_idx ON shot_jobs (campaign_id, product_id, prompt_index, aspect_ratio, variation);
      CREATE INDEX shot_jobs_open_idx ON shot_jobs (state) WHERE state IN ('sending', 'unknown', 'generating');

      -- What the shot engine keeps between rounds, shared by every instance: the learned pace of
      -- the service's creates (lib/campaigns/pace.ts; a 429 seen by one slows them all), and when
      -- the last complete read of the service's list began (a shot whose answer was lost is known
      -- not to have been made only by a read that began after it was sent).
      CREATE TABLE engine_state (
        name text PRIMARY KEY,
        state jsonb NOT NULL
      );
    `,
};
