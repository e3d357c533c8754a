import "server-only";
import webpush from "web-push";
import type { PushMessage } from "@/lib/schemas/push";
import { postChecked } from "./deliver-webhook";
import type { VapidKeys } from "./push-keys";
import type { PushTarget } from "./push-subscriptions";

// One push to one device: web-push encrypts the message to the device's keys (aes128gcm,
// RFC 8291) and signs the VAPID header; the POST itself goes through the webhooks' checked
// connection, so a push service's address that resolves to this machine or a private network
// is refused on the socket, as a webhook's is.

const PUSH_TIMEOUT_MS = 10_000;
/** A message nobody's device picked up within a day is no longer news. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

export type PushOutcome = "delivered" | "gone" | { failure: string };

export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  keys: VapidKeys,
  options: { allowLocalhost: boolean },
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  const answer = await postChecked({
    url: request.endpoint,
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
    body: request.body as Buffer,
    timeoutMs: PUSH_TIMEOUT_MS,
    allowLocalhost: options.allowLocalhost,
  });
  if ("failure" in answer) return answer;
  if (answer.status >= 200 && answer.status < 300) return "delivered";
  // The push service no longer knows the device (unsubscribed, expired, app data cleared).
  if (answer.status === 404 || answer.status === 410) return "gone";
  return { failure: `HTTP ${answer.status}` };
}
