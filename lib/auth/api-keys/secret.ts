import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { API_KEY_PREFIX } from "./format";

// An API key's secret: 32 random bytes (256 bits) after a prefix that says what it is, so a
// leaked one is recognised (by the logger's redaction, by secret scanners) and cut out.
//
// It is stored as HMAC-SHA-256 under a key derived from SESSION_SECRET, not with bcrypt or
// scrypt: those are slow on purpose, to make guessing a person's low-entropy password costly,
// but nobody can guess 256 random bits however fast each try is. Slowness would buy nothing and
// cost a hash's worth of CPU on every API request (a lever for flooding the server), and a salted
// slow hash cannot be looked up by its value. The HMAC is deterministic, so the database finds
// the key by an indexed equality on the hash, and a copy of the database alone (a backup) holds
// nothing that would check a guessed key offline. Changing SESSION_SECRET therefore ends every
// key, as it ends every session.

/** A new secret, shown to its creator once. */
export function newKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What the database keeps of a secret. */
export function hashKeySecret(secret: string): string {
  return createHmac("sha256", keyingSecret()).update(secret).digest("base64url");
}

const keyingSecret = () => createHmac("sha256", env().SESSION_SECRET).update("api-key-secrets").digest();
