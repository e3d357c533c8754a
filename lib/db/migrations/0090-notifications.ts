import type { Migration } from "./migration";

export const migration: Migration = {
  id: 90,
  name: "notifications",
  sql: `
      -- What each person wants to be told by email. A NULL email_digest means the role's default
      -- (on for reviewers); the digest hour is read in the person's own time zone.
      CREATE TABLE notification_settings (
        user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        email_training boolean NOT NULL DEFAULT true,
        email_shots boolean NOT NULL DEFAULT true,
        email_digest boolean NULL,
        digest_hour integer NOT NULL DEFAULT 9 CHECK (digest_hour BETWEEN 0 AND 23),
        time_zone text NOT NULL DEFAULT 'UTC',
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- The trainings and predictions the watcher polls, with its back-off state. A row ends
      -- finished or given up: nothing is watched forever.
      CREATE TABLE watch_items (
        kind text NOT NULL CHECK (kind IN ('lora', 'prediction')),
        resource_id text NOT NULL,
        product_id text NOT NULL,
        user_id text NULL REFERENCES users(id) ON DELETE SET NULL,
        batch_id text NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        next_check_at timestamptz NOT NULL DEFAULT now(),
        checks integer NOT NULL DEFAULT 0,
        finished_at timestamptz NULL,
        gave_up_at timestamptz NULL,
        PRIMARY KEY (kind, resource_id)
      );
      CREATE INDEX watch_items_due_idx ON watch_items (next_check_at) WHERE finished_at IS NULL AND gave_up_at IS NULL;
      CREATE INDEX watch_items_batch_idx ON watch_items (batch_id) WHERE batch_id IS NOT NULL;

      -- One row per event ever announced: inserting it is the claim to announce it, so an event
      -- is told once even when two instances notice it.
      CREATE TABLE notify_events (
        key text PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      -- The bell: each person's recent notifications.
      CREATE TABLE notifications (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz NULL
      );
      CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);

      -- Team webhooks. The secret signs each call (HMAC); it is shown to the admin once.
      CREATE TABLE webhooks (
        id text PRIMARY KEY,
        url text NOT NULL,
        events jsonb NOT NULL,
        secret text NOT NULL,
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        consecutive_failures integer NOT NULL DEFAULT 0,
        disabled_at timestamptz NULL,
        disabled_reason text NULL
      );

      -- The outbox of emails and webhook calls, retried with back-off until delivered or failed.
      CREATE TABLE deliveries (
        id bigserial PRIMARY KEY,
        channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
        webhook_id text NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_key text NOT NULL,
        payload jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz NULL,
        failed_at timestamptz NULL,
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;

      -- Leases: one instance does a job at a time (the watcher), taken over when it expires.
      CREATE TABLE leases (
        name text PRIMARY KEY,
        holder text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
};
