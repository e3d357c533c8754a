import "server-only";
import type { Db } from "./client";

// The one schema, as an ordered list of migrations kept as TS strings so they travel inside a
// Next server bundle. Append a new migration at the end with an id above every shipped one (ids
// need not be consecutive); never edit one that has shipped: a database that ran it keeps it.

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: "users-products-predictions",
    sql: `
      CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('admin', 'editor', 'reviewer')),
        password_hash text NOT NULL,
        -- Bumped on sign-out, password change and disabling: sealed cookies carry it, and a
        -- cookie whose epoch is not the current one is refused.
        session_epoch integer NOT NULL DEFAULT 0,
        disabled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE products (
        id text PRIMARY KEY,
        name text NOT NULL,
        template_id text NOT NULL,
        template_name text NULL,
        texture_keys jsonb NOT NULL DEFAULT '[]'::jsonb,
        -- A product outlives the user who made it.
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        lora_started_at timestamptz NULL
      );
      CREATE INDEX products_created_at_idx ON products (created_at DESC);

      -- No foreign key to products: a prediction may name a product the registry has not
      -- recorded yet (still in the journal) or one made outside the app.
      CREATE TABLE predictions (
        id text PRIMARY KEY,
        product_id text NOT NULL,
        prompt text NOT NULL,
        aspect_ratio text NOT NULL,
        created_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX predictions_product_id_idx ON predictions (product_id);
      CREATE INDEX predictions_created_at_idx ON predictions (created_at DESC);
    `,
  },
  {
    id: 2,
    name: "reviews",
    sql: `
      -- Every review action, append-only: who did what to which image, and when. The author's
      -- email is copied so the history still names them after their account is deleted.
      CREATE TABLE review_events (
        id bigserial PRIMARY KEY,
        prediction_id text NOT NULL,
        image_index integer NOT NULL CHECK (image_index >= 0),
        action text NOT NULL CHECK (action IN ('approve', 'reject', 'star', 'unstar', 'comment', 'clear')),
        comment text NULL,
        user_id text NULL REFERENCES users(id) ON DELETE SET NULL,
        user_email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX review_events_image_idx ON review_events (prediction_id, image_index, id);

      -- The current state of each reviewed image, updated in the same transaction as its event,
      -- so lists and counts need not replay the history.
      CREATE TABLE image_reviews (
        prediction_id text NOT NULL,
        image_index integer NOT NULL CHECK (image_index >= 0),
        status text NULL CHECK (status IN ('approved', 'rejected')),
        starred boolean NOT NULL DEFAULT false,
        updated_by text NULL REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (prediction_id, image_index)
      );
    `,
  },
  {
    id: 3,
    name: "shares",
    sql: `
      -- Public read-only links. Only the SHA-256 of the token is kept: a leaked database does not
      -- open the links. A deleted user's links die with them.
      CREATE TABLE shares (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        title text NULL,
        filter jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_by text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL
      );
      CREATE INDEX shares_created_by_idx ON shares (created_by, created_at DESC);
    `,
  },
  {
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
  },
  {
    id: 5,
    name: "audit-events",
    sql: `
      -- Who did what, append-only. The actor's email is copied so a line still names them after
      -- their account is deleted; no password, token or cookie is ever written here.
      CREATE TABLE audit_events (
        id bigserial PRIMARY KEY,
        actor_id text NULL REFERENCES users(id) ON DELETE SET NULL,
        actor_email text NOT NULL,
        action text NOT NULL,
        product_id text NULL,
        prediction_id text NULL,
        target_user_id text NULL,
        target_email text NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audit_events_created_idx ON audit_events (id DESC);
      CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, id DESC);
      CREATE INDEX audit_events_action_idx ON audit_events (action, id DESC);
    `,
  },
  {
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
  },
  {
    id: 11,
    name: "password-change-required",
    sql: `
      -- Set for passwords the app generated (first admin, invitations, resets): the person must
      -- choose their own before anything else works.
      ALTER TABLE users ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
    `,
  },
  {
    id: 20,
    name: "share-prediction-ids",
    sql: `
      -- A link shows the predictions it was made with, not a live filter. Links made before this
      -- keep NULL here and are fixed on their first opening (lib/studio/shared-gallery.ts): the
      -- shots their filter matched among those made up to the link's creation. SQL alone cannot
      -- do that here, since the filter reads the service's prediction list.
      ALTER TABLE shares ADD COLUMN prediction_ids jsonb NULL;
    `,
  },
  {
    id: 30,
    name: "prediction-index",
    sql: `
      -- The gallery's index: every prediction of the account, the ones this app created and the
      -- ones the service's list shows (made elsewhere with the same token), shared by every app
      -- instance. sort_ms is the gallery's time (when this app created it, else the service's
      -- date_modification read as UTC); ids compare byte-wise so the keyset order is the same in
      -- PGlite and PostgreSQL.
      CREATE TABLE prediction_index (
        id text COLLATE "C" PRIMARY KEY,
        product_id text NOT NULL,
        prompt text NOT NULL DEFAULT '',
        aspect_ratio text NULL,
        images jsonb NOT NULL DEFAULT '[]'::jsonb,
        image_count integer NOT NULL DEFAULT 0,
        date_modification text NOT NULL DEFAULT '',
        sort_ms bigint NOT NULL,
        created_at timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX prediction_index_order_idx ON prediction_index (sort_ms DESC, id DESC);
      CREATE INDEX prediction_index_product_idx ON prediction_index (product_id, sort_ms DESC, id DESC);

      INSERT INTO prediction_index (id, product_id, prompt, aspect_ratio, sort_ms, created_at)
      SELECT id, product_id, prompt, aspect_ratio, floor(extract(epoch FROM created_at) * 1000)::bigint, created_at
      FROM predictions;

      -- One row: when the service's list was last read into the index, and who is reading it now
      -- (a lease, so two instances never both fetch it).
      CREATE TABLE prediction_index_state (
        id integer PRIMARY KEY CHECK (id = 1),
        attempted_at timestamptz NULL,
        -- The last read a person asked for (Refresh): limited on its own, so a background read
        -- moments before never makes a person wait.
        refreshed_at timestamptz NULL,
        reconciled_at timestamptz NULL,
        list_length integer NOT NULL DEFAULT 0,
        cadence_ms integer NOT NULL DEFAULT 3000,
        lease_holder text NULL,
        lease_until timestamptz NULL,
        -- Rows in prediction_index, kept with every insert: the unfiltered gallery's total
        -- without counting 100,000 rows per page.
        row_count bigint NOT NULL DEFAULT 0
      );
      INSERT INTO prediction_index_state (id, row_count) SELECT 1, count(*) FROM prediction_index;
    `,
  },
  {
    id: 31,
    name: "prediction-index-images",
    sql: `
      -- Thumbnails are made only of images the app knows: "is this URL one of ours" is a lookup.
      CREATE INDEX prediction_index_images_idx ON prediction_index USING gin (images jsonb_path_ops);
    `,
  },
  {
    id: 40,
    name: "product-lora-state",
    sql: `
      -- What the app has learned of each product's LoRA (the service shows only lora_enabled):
      -- when it was first seen ready (never asked about again to draw lists), when the service
      -- was last asked (so every instance shares one back-off), and when the service later said
      -- it has no LoRA after all. The preview (the template's, else the app's own small copy of
      -- the first texture) is kept so a list needs no service call.
      ALTER TABLE products ADD COLUMN lora_ready_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN lora_checked_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN lora_lost_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN preview_url text NULL;
      -- The first texture, downsized, for products whose template has no preview: in the database
      -- so every instance can serve it.
      CREATE TABLE product_previews (
        product_id text PRIMARY KEY,
        webp bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC);
      CREATE INDEX products_name_idx ON products (lower(name), id);
      CREATE INDEX products_template_idx ON products (template_id, created_at DESC, id DESC);
    `,
  },
  {
    id: 50,
    name: "product-texture-advice",
    sql: `
      -- The texture advisor's findings on the files a product was created from, shown again
      -- next to "Generate LoRA". No foreign key: the product may still wait in the journal.
      CREATE TABLE product_texture_advice (
        product_id text PRIMARY KEY,
        report jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 60,
    name: "upload-slots",
    sql: `
      -- Product uploads in progress, per person, so every instance counts them together. A row
      -- expires on its own: a process that dies mid-upload does not hold the slot for ever.
      CREATE TABLE upload_slots (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX upload_slots_user_idx ON upload_slots (user_id, expires_at);
    `,
  },
  {
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
  },
  {
    id: 100,
    name: "review undo",
    sql: `
      -- Each state-changing review keeps the image's state from before it, so its author can undo
      -- a slip: the state goes back and the event stays in the history, marked as undone. Events
      -- recorded before this column existed have no "before" and cannot be undone.
      ALTER TABLE review_events ADD COLUMN before_status text NULL;
      ALTER TABLE review_events ADD COLUMN before_starred boolean NULL;
      ALTER TABLE review_events ADD COLUMN undone_at timestamptz NULL;
    `,
  },
  {
    id: 120,
    name: "share-sign-off",
    sql: `
      -- A link's visitors may approve or comment on its images under a name they type, unless its
      -- maker turned that off. Links made before this could not ask: they stay off; new ones are on.
      ALTER TABLE shares ADD COLUMN sign_off boolean NOT NULL DEFAULT false;
      ALTER TABLE shares ALTER COLUMN sign_off SET DEFAULT true;

      -- A review sent through a link has no account behind it: the typed name and the link stand
      -- for the author instead of an email.
      ALTER TABLE review_events ALTER COLUMN user_email DROP NOT NULL;
      ALTER TABLE review_events ADD COLUMN visitor_name text NULL;
      ALTER TABLE review_events ADD COLUMN share_id text NULL;
      ALTER TABLE review_events ADD CONSTRAINT review_events_author_check CHECK (user_email IS NOT NULL OR visitor_name IS NOT NULL);

      -- Hits per key in fixed windows (e.g. sign-offs per link per hour), counted in one statement
      -- so every instance counts together.
      CREATE TABLE rate_windows (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_started_at timestamptz NOT NULL
      );
    `,
  },
  {
    id: 130,
    name: "prediction-batches-and-texture-thumbnails",
    sql: `
      -- The batch a prediction was asked in (several ratios or variations at once), so its shots
      -- show as one group and are announced once. NULL for a prediction asked alone.
      ALTER TABLE predictions ADD COLUMN batch_id text NULL;
      -- Each texture a product was created from, downsized, per slot: the product page shows
      -- what the LoRA learns from. The service keeps the files but does not give them back.
      CREATE TABLE product_texture_thumbs (
        product_id text NOT NULL,
        slot_key text NOT NULL,
        webp bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, slot_key)
      );
    `,
  },
  {
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
  },
  {
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
  },
  {
    id: 160,
    name: "product-archive-rename-versions",
    sql: `
      -- The service has no product update: a product is looked after in the registry. Archived
      -- products leave lists and pickers (their shots stay where they are); a product made as a new
      -- version of another names it, so both pages can link to each other.
      ALTER TABLE products ADD COLUMN archived_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN renamed_at timestamptz NULL;
      ALTER TABLE products ADD COLUMN previous_version_id text NULL;
      CREATE INDEX products_previous_version_idx ON products (previous_version_id) WHERE previous_version_id IS NOT NULL;

      -- The texture files a product was created from, kept in DATA_DIR/textures so a new version
      -- can be made from the slots that are not replaced: the service keeps them but does not
      -- give them back. One row per kept file; the file itself is named by the row.
      CREATE TABLE product_texture_files (
        product_id text NOT NULL,
        slot_key text NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        file_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, slot_key)
      );
    `,
  },
  {
    id: 170,
    name: "company-sign-in",
    sql: `
      -- A sign-in through the identity provider under way: its id is sealed in the browser's flow
      -- cookie with the state, nonce and PKCE verifier, and the row is deleted when the provider
      -- sends the person back, so a flow cookie completes one sign-in at most, on any instance.
      CREATE TABLE sign_in_flows (
        id text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sign_in_flows_expires_idx ON sign_in_flows (expires_at);

      -- Who may sign in with a password: everyone, or (with company sign-in) one break-glass admin.
      CREATE TABLE password_sign_in (
        only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
        break_glass_user_id text NULL REFERENCES users (id) ON DELETE SET NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 180,
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
  },
];

// Any fixed number: every process that migrates this database takes the same lock.
const MIGRATION_LOCK = 7_305_112_001;

/** Applies the missing migrations in one transaction; returns the ids it applied. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the work done.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const done = new Set(
      (await tx.query<{ id: number }>("SELECT id FROM schema_migrations")).map((row) => row.id),
    );
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      await execMany(tx, migration.sql);
      await tx.query("INSERT INTO schema_migrations (id, name) VALUES ($1, $2)", [
        migration.id,
        migration.name,
      ]);
      applied.push(migration.id);
    }
    return applied;
  });
}

// Extended-protocol queries take one statement each; migrations hold several. Statements are
// split on semicolons at line ends, so migration SQL must not put one inside a string literal.
async function execMany(tx: Db, sql: string): Promise<void> {
  const statements = sql
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) await tx.query(statement);
}
