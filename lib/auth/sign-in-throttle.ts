import "server-only";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

// Failed sign-ins, counted in the database so every app instance counts together (house rule 15).
// Two counters per attempt: the account (the typed email, normalised) and the client address.
// The address limit is looser, so a team behind one office address is not locked out by one
// person's typos, while one attacker cannot try many accounts from one address either.
// A lock refuses every sign-in of that account, the right password included: it is checked
// before any hashing, which is what keeps a guessing flood cheap to answer.
// Except from a browser the person has signed in from before (a valid device cookie, see
// device-cookie.ts; OWASP's advice against lock-outs by anyone who knows an email): its attempts
// are counted against that device alone, under the same limit, and neither the account's nor the
// address's lock refuses it. So failures typed elsewhere lock out everyone else, not the person.

export interface Limit {
  /** Failures within the window that start a lock. */
  failures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const ACCOUNT_LIMIT: Limit = { failures: 5, windowSeconds: 15 * 60, lockSeconds: 5 * 60 };
export const ADDRESS_LIMIT: Limit = { failures: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** A known device's own failures: as strict as an account's. */
export const DEVICE_LIMIT: Limit = ACCOUNT_LIMIT;

export interface Attempt {
  /** Normalised email. */
  email: string;
  /** The client address, or null when it is not known. */
  address: string | null;
  /** The nonce of a valid device cookie of this very account, when the browser sent one. */
  device?: string | null;
}

const keys = ({ email, address, device }: Attempt): { key: string; limit: Limit }[] =>
  device
    ? [{ key: `device:${device}`, limit: DEVICE_LIMIT }]
    : [
        { key: `account:${email}`, limit: ACCOUNT_LIMIT },
        ...(address ? [{ key: `address:${address}`, limit: ADDRESS_LIMIT }] : []),
      ];

/** "Try again in 5 minutes." for a wait in seconds. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Throws 429 with Retry-After while the account or the address is locked. */
export async function assertNotLocked(attempt: Attempt): Promise<void> {
  const db = await getDb();
  const list = keys(attempt);
  const rows = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM sign_in_throttle
     WHERE key IN (${list.map((_, i) => `$${i + 1}`).join(", ")}) AND locked_until > now()`,
    list.map((k) => k.key),
  );
  if (rows.length === 0) return;
  const seconds = Math.max(1, ...rows.map((r) => r.seconds));
  throw new AppError("rate_limited", `Too many attempts. ${tryAgainIn(seconds)}`, { retryAfter: seconds });
}

/** Counts one failure against the account and the address; a key at its limit is locked. */
export async function recordFailure(attempt: Attempt): Promise<void> {
  const db = await getDb();
  for (const { key, limit } of keys(attempt)) {
    // One statement, so two instances counting the same key at once both count.
    await db.query(
      `INSERT INTO sign_in_throttle AS t (key, failures, window_started_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() + $4::int * interval '1 second' END)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - $3::int * interval '1 second' THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - $3::int * interval '1 second' THEN now() ELSE t.window_started_at END,
         locked_until = CASE
           WHEN (CASE WHEN t.window_started_at < now() - $3::int * interval '1 second' THEN 1 ELSE t.failures + 1 END) >= $2::int
           THEN now() + $4::int * interval '1 second'
           ELSE t.locked_until END`,
      [key, limit.failures, limit.windowSeconds, limit.lockSeconds],
    );
  }
  // Forget counters nobody has touched for a day, so the table stays small.
  await db.query(
    `DELETE FROM sign_in_throttle WHERE window_started_at < now() - interval '1 day'
     AND (locked_until IS NULL OR locked_until < now())`,
  );
}

/**
 * A successful sign-in forgets the failures it was counted under: the account's (not the
 * address's), or a known device's own. A known device's success leaves the account's lock in
 * place: the person signing in at home must not reopen the guessing for everyone else.
 */
export async function clearFailures({ email, device }: Pick<Attempt, "email" | "device">): Promise<void> {
  const db = await getDb();
  await db.query("DELETE FROM sign_in_throttle WHERE key = $1", [device ? `device:${device}` : `account:${email}`]);
}
