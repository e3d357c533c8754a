import "server-only";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { createHashSlots } from "./hash-slots";

// Password hashing with scrypt. The stored string carries its own parameters
// (`scrypt$N$r$p$salt$hash`, salt and hash base64url) so they can be raised later without
// invalidating existing hashes.

const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** At most 2 hashes at once per process (the machines have 2 cores), 32 more waiting. */
export const hashSlots = createHashSlots(2, 32);

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return hashSlots.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

// scrypt needs 128·N·r bytes; allow twice that so Node's default 32 MiB cap does not refuse it.
const maxmem = (n: number, r: number) => 256 * n * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time check of a password against a stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  const sane = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (!sane(n, 1 << 20) || (n & (n - 1)) !== 0 || !sane(r, 32) || !sane(p, 16)) return false;
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  // scrypt output is a prefix-stable stream: a truncated hash would still "match", so demand
  // at least the full key length.
  if (salt.length === 0 || expected.length < KEY_LENGTH || expected.length > 256) return false;
  const actual = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r) });
  return timingSafeEqual(actual, expected);
}

/** A password the app makes for someone (an invitation, a reset): shown once, changed at sign-in. */
export function generateOneTimePassword(): string {
  return randomBytes(12).toString("base64url");
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check, for when there is no user to check against, so the
 * response time does not reveal which emails exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  await verifyPassword(password, await dummyHash);
  return false;
}
