import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// The device cookie (OWASP, "Slow brute force attack: device cookies"): set in a browser each time
// a person signs in there, it marks that browser as one the person has signed in from. Failures
// typed elsewhere lock the account for everyone else, not for such a browser; its own failures
// lock it alone. It says nothing by itself: `<user id>.<nonce>.<HMAC of both with the session
// secret>`, checked without any database read, so every instance sharing SESSION_SECRET reads it.

export const DEVICE_COOKIE = "ps_device";
/** A browser stays known for a year after its last sign-in there. */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface Device {
  userId: string;
  /** The key its own failures are counted under. */
  nonce: string;
}

const mac = (userId: string, nonce: string) =>
  createHmac("sha256", env().SESSION_SECRET).update(`device:${userId}:${nonce}`).digest("base64url");

export function newDeviceCookieValue(userId: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${userId}.${nonce}.${mac(userId, nonce)}`;
}

/** The device the cookie names, or null when it is missing, malformed or not signed by this app. */
export function readDevice(value: string | null): Device | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]{1,100}$/.test(p))) return null;
  const [userId, nonce, given] = parts;
  const expected = Buffer.from(mac(userId, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? { userId, nonce } : null;
}

export function deviceCookieHeader(value: string): string {
  // Sent only to the API (the sign-in and password routes read it), never readable by scripts.
  const parts = [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/api",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${DEVICE_MAX_AGE_SECONDS}`,
  ];
  if (env().NODE_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}
