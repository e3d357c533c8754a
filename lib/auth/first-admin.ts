import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { hashPassword } from "./password";
import { ADMIN_LOCK, normalizeEmail } from "./users";

// The first admin of a new installation.

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

export interface FirstAdminResult {
  email: string;
  /** Only when generated: print it once, it is not stored anywhere readable. */
  password?: string;
  created: boolean;
}

/**
 * Creates the first admin when there are no users: ADMIN_EMAIL/ADMIN_PASSWORD when set,
 * otherwise admin@example.com (or ADMIN_EMAIL) with a generated password. Never touches an
 * existing user.
 */
export async function ensureFirstAdmin(): Promise<FirstAdminResult> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  const email = normalizeEmail(ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL);
  const password = ADMIN_PASSWORD ?? randomBytes(18).toString("base64url");
  const generated = ADMIN_PASSWORD ? undefined : password;
  const db = await getDb();
  // Cheap check first, so a normal start-up does not spend a hash.
  const [{ users }] = await db.query<{ users: number }>("SELECT count(*)::int AS users FROM users");
  if (users > 0) return { email, created: false };
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Two processes starting at once: only the first creates the admin.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [ADMIN_LOCK]);
    const [{ users: now }] = await tx.query<{ users: number }>("SELECT count(*)::int AS users FROM users");
    if (now > 0) return false;
    // A generated password was printed in the server's output: its owner must replace it.
    await tx.query(
      `INSERT INTO users (id, email, role, password_hash, password_change_required)
       VALUES ($1, $2, 'admin', $3, $4)`,
      [randomUUID(), email, passwordHash, generated !== undefined],
    );
    return true;
  });
  if (!created) return { email, created: false };
  return generated ? { email, password: generated, created: true } : { email, created: true };
}
