import "server-only";
import { appUrl } from "@/lib/app-links";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { PushSubscriptionInput } from "@/lib/schemas/push";
import { webhookUrlProblem } from "./webhook-url";

// The devices where people turned notifications on. The endpoint is the push service's address
// for one device and a capability (whoever knows it may post to that device, with the keys), so
// it is never logged and never answered back; rows are named by id.

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A person's devices, at most: a new one past it replaces their oldest. */
export const DEVICES_PER_PERSON = 20;

const USER_AGENT_MAX = 200;

/**
 * The push service is called by this server, so its address follows the webhooks' rules: a
 * public https address, never this machine, a private network, the service or the app itself
 * (http to this machine only where WEBHOOK_ALLOW_LOCALHOST=on, for the test suites).
 */
export function pushEndpointProblem(endpoint: string): string | null {
  const config = env();
  const problem = webhookUrlProblem(endpoint, {
    origins: [config.PVS_BASE_URL, config.PVS_ASSET_URL, appUrl()],
    appPort: config.PORT,
    allowLocalhost: config.WEBHOOK_ALLOW_LOCALHOST === "on",
  });
  return problem && "This browser's push service address cannot be used: it must be a public https:// address.";
}

export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  const problem = pushEndpointProblem(input.endpoint);
  if (problem) throw new AppError("bad_request", problem);
  await db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4, user_agent = $5`,
    [userId, input.endpoint, input.keys.p256dh, input.keys.auth, userAgent?.slice(0, USER_AGENT_MAX) ?? null],
  );
  await db.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${DEVICES_PER_PERSON})`,
    [userId],
  );
}

/** Only the person's own device: another's endpoint is left alone, and the answer is the same. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.query("DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2", [userId, endpoint]);
}

export async function pushTarget(db: Db, id: string): Promise<PushTarget | null> {
  const [row] = await db.query<PushTarget>(
    "SELECT id::text AS id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1",
    [id],
  );
  return row ?? null;
}

/** The push service said the device is gone (404, 410): nothing more is sent to it. */
export async function forgetDevice(db: Db, id: string): Promise<void> {
  await db.query("DELETE FROM push_subscriptions WHERE id = $1", [id]);
}

export async function noteDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db.query("UPDATE push_subscriptions SET last_success_at = $2 WHERE id = $1", [id, at.toISOString()]);
}
