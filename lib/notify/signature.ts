import { createHmac, timingSafeEqual } from "node:crypto";

// Webhook calls are signed like Stripe's and GitHub's: HMAC-SHA256 of "<timestamp>.<body>" with
// the webhook's secret, sent as `X-Studio-Signature: sha256=<hex>` beside `X-Studio-Timestamp`,
// so a receiver can check that the call is ours and recent.

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export function verifyWebhook(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
