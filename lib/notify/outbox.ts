import "server-only";
import sharp from "sharp";
import { mapLimit } from "@/lib/concurrency";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { fetchAsset } from "@/lib/images/fetch-asset";
import { MAX_IMAGE_PIXELS } from "@/lib/images/pixel-limits";
import { log } from "@/lib/log";
import type { PushMessage } from "@/lib/schemas/push";
import { shownImage } from "@/lib/service";
import { deliverWebhook } from "./deliver-webhook";
import { sendMail, type Mail } from "./mailer";
import { vapidKeys } from "./push-keys";
import { forgetDevice, noteDelivered, pushTarget } from "./push-subscriptions";
import { sendPush } from "./send-push";
import { signWebhook } from "./signature";
import { noteWebhookResult, webhookTarget } from "./webhooks";

// The outbox: every email, webhook call and push to a device is a row first, then sent by the watching instance,
// retried with back-off (5 s, 30 s, 2 min, 10 min, 1 h) and given up after the last try. A
// restart loses nothing that was queued.

export type EmailPayload = Omit<Mail, "thumbnail"> & { thumbnailSrc?: string | null };
export interface WebhookPayload {
  event: string;
  body: Record<string, unknown>;
}

const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
const WEBHOOK_TIMEOUT_MS = 10_000;
const BATCH = 20;
const SENDING_AT_ONCE = 4;

// Rows are due from `at`, the caller's clock: a round that announces at `now` sends at `now`.
export async function queueEmail(db: Db, eventKey: string, payload: EmailPayload, at = new Date()): Promise<void> {
  await db.query(
    "INSERT INTO deliveries (channel, event_key, payload, next_attempt_at) VALUES ('email', $1, $2::jsonb, $3)",
    [eventKey, JSON.stringify(payload), at.toISOString()],
  );
}

export async function queueWebhook(
  db: Db,
  webhookId: string,
  eventKey: string,
  payload: WebhookPayload,
  at = new Date(),
): Promise<void> {
  await db.query(
    "INSERT INTO deliveries (channel, webhook_id, event_key, payload, next_attempt_at) VALUES ('webhook', $1, $2, $3::jsonb, $4)",
    [webhookId, eventKey, JSON.stringify(payload), at.toISOString()],
  );
}

/** One row per device of the person: each device is tried, retried and given up on its own. */
export async function queuePushes(
  db: Db,
  userId: string,
  eventKey: string,
  message: PushMessage,
  at = new Date(),
): Promise<void> {
  await db.query(
    `INSERT INTO deliveries (channel, push_subscription_id, event_key, payload, next_attempt_at)
     SELECT 'push', id, $2, $3::jsonb, $4 FROM push_subscriptions WHERE user_id = $1`,
    [userId, eventKey, JSON.stringify(message), at.toISOString()],
  );
}

interface Row {
  id: string | number;
  channel: "email" | "webhook" | "push";
  webhook_id: string | null;
  push_subscription_id: string | null;
  payload: unknown;
  attempts: number;
}

/** Sends what is due; returns how many were delivered. */
export async function deliverDue(db: Db, now = new Date()): Promise<number> {
  // Claiming pushes the row a minute ahead, so a second sender would not take it meanwhile.
  const rows = await db.query<Row>(
    `UPDATE deliveries SET next_attempt_at = $1::timestamptz + interval '1 minute'
     WHERE id IN (SELECT id FROM deliveries WHERE delivered_at IS NULL AND failed_at IS NULL
                  AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT ${BATCH})
     RETURNING id, channel, webhook_id, push_subscription_id::text AS push_subscription_id, payload, attempts`,
    [now.toISOString()],
  );
  // A few at once: one slow receiver (or thumbnail) must not hold up everyone else's mail.
  const sent = await mapLimit(rows, SENDING_AT_ONCE, (row) => deliver(db, row, now));
  return sent.filter(Boolean).length;
}

/** One try of one delivery; true when it was delivered. */
async function deliver(db: Db, row: Row, now: Date): Promise<boolean> {
  const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
  const error = await attempt(db, row, payload, now).catch((e: unknown) =>
    e instanceof Error ? e.message : String(e),
  );
  if (error === null) {
    await db.query(
      "UPDATE deliveries SET delivered_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1",
      [row.id, now.toISOString()],
    );
    return true;
  }
  const delay = RETRY_DELAYS_MS[row.attempts];
  log.warn(
    { delivery: Number(row.id), channel: row.channel, webhook: row.webhook_id, attempt: row.attempts + 1, error },
    "delivery failed",
  );
  if (delay === undefined) {
    await db.query("UPDATE deliveries SET failed_at = $3, attempts = attempts + 1, last_error = $2 WHERE id = $1", [
      row.id,
      error,
      now.toISOString(),
    ]);
  } else {
    const next = new Date(now.getTime() + delay * env().NOTIFY_RETRY_SCALE);
    await db.query(
      "UPDATE deliveries SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1",
      [row.id, error, next.toISOString()],
    );
  }
  return false;
}

/** null when sent; otherwise the reason, in words. */
async function attempt(db: Db, row: Row, payload: unknown, now: Date): Promise<string | null> {
  if (row.channel === "email") {
    const { thumbnailSrc, ...mail } = payload as EmailPayload;
    await sendMail({ ...mail, thumbnail: thumbnailSrc ? await emailThumbnail(thumbnailSrc) : undefined });
    return null;
  }
  if (row.channel === "push") return attemptPush(db, row, payload as PushMessage, now);
  const target = row.webhook_id ? await webhookTarget(db, row.webhook_id) : null;
  if (!target) return "the webhook was deleted or turned off";
  const { event, body } = payload as WebhookPayload;
  const text = JSON.stringify(body);
  const timestamp = Math.floor(now.getTime() / 1000);
  // The address is checked again here, after DNS, on the socket that connects: it may have
  // passed when it was added and resolve elsewhere now. Redirects are not followed.
  const error = await deliverWebhook({
    url: target.url,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    allowLocalhost: env().WEBHOOK_ALLOW_LOCALHOST === "on",
    headers: {
      "content-type": "application/json",
      "user-agent": "ProductStudio-Webhook/1",
      "x-studio-event": event,
      "x-studio-delivery": String(row.id),
      "x-studio-timestamp": String(timestamp),
      "x-studio-signature": signWebhook(target.secret, timestamp, text),
    },
    body: text,
  });
  await noteWebhookResult(db, target.id, error);
  return error;
}

// The log and the row name the device by id: its endpoint is a capability, never written out.
async function attemptPush(db: Db, row: Row, message: PushMessage, now: Date): Promise<string | null> {
  const target = row.push_subscription_id ? await pushTarget(db, row.push_subscription_id) : null;
  if (!target) return "the device turned notifications off";
  const outcome = await sendPush(target, message, await vapidKeys(db), {
    allowLocalhost: env().WEBHOOK_ALLOW_LOCALHOST === "on",
  });
  if (outcome === "delivered") {
    await noteDelivered(db, target.id, now);
    return null;
  }
  if (outcome === "gone") {
    // The row goes with the device (ON DELETE CASCADE): nothing is left to retry.
    await forgetDevice(db, target.id);
    return "the push service no longer knows the device";
  }
  return outcome.failure;
}

/** A small JPEG of the shot for the email; a mail without it is better than none. */
async function emailThumbnail(src: string): Promise<Buffer | undefined> {
  try {
    // A mail queued before the asset origin moved still finds its image on today's.
    const response = await fetchAsset(shownImage(src));
    const original = Buffer.from(await response.arrayBuffer());
    return await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(480, 480, { fit: "inside" })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch (error) {
    log.warn({ err: error }, "email thumbnail could not be made");
    return undefined;
  }
}
