import { z } from "zod";

// The body of POST and DELETE /api/push/subscriptions: what the browser's
// PushSubscription.toJSON() gives, checked to be keys a message can be encrypted to.

const base64url = (name: string, bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`)
    .refine((value) => decodedLength(value) === bytes, `${name} must be a ${bytes}-byte key`);

// Counted without Buffer, which the browser bundle does not have.
const decodedLength = (value: string) => Math.floor((value.replace(/=+$/, "").length * 3) / 4);

export const PUSH_ENDPOINT_MAX = 2000;

const endpoint = z
  .string()
  .trim()
  .min(1, "The push service's address is missing")
  .max(PUSH_ENDPOINT_MAX, "The push service's address is too long");

export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 public key, and the 16-byte authentication secret (RFC 8291).
    p256dh: base64url("keys.p256dh", 65),
    auth: base64url("keys.auth", 16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const removePushSubscriptionSchema = z.object({ endpoint });

/** The payload every push carries: what the device shows and the page its click opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path inside the app, such as /products/prd_1. */
  url: string;
}
