import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { CreateWebhookInput, WebhookEvent } from "@/lib/schemas/notify";
import { appUrl } from "@/lib/app-links";
import type { WebhookView } from "@/lib/api-types";
import { webhookUrlProblem } from "./webhook-url";

// Team webhooks an admin adds. The URL of a chat webhook is itself a secret (it carries the
// channel's token), so the list shows it shortened and logs name only the webhook's id.

export interface WebhookTarget {
  id: string;
  url: string;
  secret: string;
}

interface Row {
  id: string;
  url: string;
  events: unknown;
  created_at: Date | string;
  disabled_at: Date | string | null;
  disabled_reason: string | null;
}

const eventsOf = (value: unknown): WebhookEvent[] =>
  (typeof value === "string" ? JSON.parse(value) : value) as WebhookEvent[];

export function urlHint(raw: string): string {
  const url = new URL(raw);
  const path = url.pathname.length > 12 ? `${url.pathname.slice(0, 12)}…` : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}

const toView = (row: Row): WebhookView => ({
  id: row.id,
  url_hint: urlHint(row.url),
  events: eventsOf(row.events),
  created_at: new Date(row.created_at).toISOString(),
  disabled_at: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
  disabled_reason: row.disabled_reason,
});

export async function listWebhooks(db: Db): Promise<WebhookView[]> {
  const rows = await db.query<Row>(
    "SELECT id, url, events, created_at, disabled_at, disabled_reason FROM webhooks ORDER BY created_at, id",
  );
  return rows.map(toView);
}

/** Creates the webhook; its signing secret is answered once, here. */
export async function createWebhook(
  db: Db,
  input: CreateWebhookInput,
  userId: string,
): Promise<{ webhook: WebhookView; secret: string }> {
  const config = env();
  const problem = webhookUrlProblem(input.url, {
    origins: [config.PVS_BASE_URL, config.PVS_ASSET_URL, appUrl()],
    appPort: config.PORT,
    allowLocalhost: config.WEBHOOK_ALLOW_LOCALHOST === "on",
  });
  if (problem) throw new AppError("bad_request", problem);
  const id = `whk_${randomBytes(8).toString("hex")}`;
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const [row] = await db.query<Row>(
    `INSERT INTO webhooks (id, url, events, secret, created_by) VALUES ($1, $2, $3::jsonb, $4, $5)
     RETURNING id, url, events, created_at, disabled_at, disabled_reason`,
    [id, input.url, JSON.stringify([...new Set(input.events)]), secret, userId],
  );
  return { webhook: toView(row), secret };
}

/** Deletes the webhook; answers what the audit log may say of it (its address shortened). */
export async function deleteWebhook(db: Db, id: string): Promise<{ url_hint: string }> {
  const [row] = await db.query<{ url: string }>("DELETE FROM webhooks WHERE id = $1 RETURNING url", [id]);
  if (!row) throw new AppError("not_found", "That webhook does not exist (any more).");
  return { url_hint: urlHint(row.url) };
}

/** Turns a webhook that was switched off after failures back on. */
export async function enableWebhook(db: Db, id: string): Promise<WebhookView> {
  const [row] = await db.query<Row>(
    `UPDATE webhooks SET disabled_at = NULL, disabled_reason = NULL, consecutive_failures = 0 WHERE id = $1
     RETURNING id, url, events, created_at, disabled_at, disabled_reason`,
    [id],
  );
  if (!row) throw new AppError("not_found", "That webhook does not exist (any more).");
  return toView(row);
}

/** The enabled webhooks that asked for `event`. */
export async function webhooksFor(db: Db, event: WebhookEvent): Promise<WebhookTarget[]> {
  return db.query<WebhookTarget>(
    "SELECT id, url, secret FROM webhooks WHERE disabled_at IS NULL AND events ? $1 ORDER BY id",
    [event],
  );
}

export async function webhookTarget(db: Db, id: string): Promise<WebhookTarget | null> {
  const [row] = await db.query<WebhookTarget>(
    "SELECT id, url, secret FROM webhooks WHERE id = $1 AND disabled_at IS NULL",
    [id],
  );
  return row ?? null;
}

/** Counts a failed call; after FAILURES_BEFORE_OFF in a row the webhook is switched off with a note. */
export const FAILURES_BEFORE_OFF = 10;

export async function noteWebhookResult(db: Db, id: string, error: string | null): Promise<void> {
  if (error === null) {
    await db.query("UPDATE webhooks SET consecutive_failures = 0 WHERE id = $1", [id]);
    return;
  }
  const reason = `Turned off after ${FAILURES_BEFORE_OFF} failed calls in a row (last: ${error.slice(0, 160)}). Check the address, then turn it back on.`;
  await db.query(
    `UPDATE webhooks SET consecutive_failures = consecutive_failures + 1,
       disabled_at = CASE WHEN consecutive_failures + 1 >= $2 THEN now() ELSE disabled_at END,
       disabled_reason = CASE WHEN consecutive_failures + 1 >= $2 THEN $3 ELSE disabled_reason END
     WHERE id = $1`,
    [id, FAILURES_BEFORE_OFF, reason],
  );
}
