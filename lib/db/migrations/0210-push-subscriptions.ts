import type { Migration } from "./migration";

export const migration: Migration = {
  id: 210,
  name: "push-subscriptions",
  sql: `
      -- A device (a browser on a phone or a computer) where a person turned notifications on: the
      -- push service's address for it and the keys its messages are encrypted to. A device belongs
      -- to whoever turned it on last.
      CREATE TABLE push_subscriptions (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        user_agent text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_success_at timestamptz NULL
      );
      CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);

      -- The installation's VAPID key pair, made once at the first start when VAPID_PUBLIC_KEY and
      -- VAPID_PRIVATE_KEY are not set. Kept here rather than in DATA_DIR: every instance must sign
      -- with the key the subscriptions were made with, and the subscriptions live here too.
      CREATE TABLE push_keys (
        id integer PRIMARY KEY CHECK (id = 1),
        public_key text NOT NULL,
        private_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      -- Pushes go through the outbox like emails, one row per device; a device removed takes its
      -- pending pushes with it.
      ALTER TABLE deliveries DROP CONSTRAINT deliveries_channel_check;
      ALTER TABLE deliveries ADD CONSTRAINT deliveries_channel_check CHECK (channel IN ('email', 'webhook', 'push'));
      ALTER TABLE deliveries ADD COLUMN push_subscription_id bigint NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE;
    `,
};
