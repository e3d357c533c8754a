import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { isoDate, isoDateOrNull } from "@/lib/db/dates";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/types";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password";
import { isRole } from "./roles";

// The people who may sign in. Emails are stored lower-cased; password hashes never leave
// this module.

export interface UserRecord {
  id: string;
  email: string;
  role: Role;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface UserRow {
  id: string;
  email: string;
  role: Role;
  password_hash: string;
  session_epoch: number;
  disabled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = "id, email, role, password_hash, session_epoch, disabled_at, created_at, updated_at";
const PUBLIC_COLUMNS = "id, email, role, disabled_at, created_at, updated_at";
// Serialises changes that could leave the app without an active admin.
const ADMIN_LOCK = 7_305_112_002;
export const DEFAULT_ADMIN_EMAIL = "admin@example.com";
export const MIN_PASSWORD_LENGTH = 8;

function toRecord(row: Omit<UserRow, "password_hash" | "session_epoch">): UserRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabledAt: isoDateOrNull(row.disabled_at),
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkedEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!z.email().safeParse(normalized).success) {
    throw new AppError("bad_request", "Enter a valid email address.");
  }
  return normalized;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024) {
    throw new AppError("bad_request", `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

function checkRole(role: unknown): asserts role is Role {
  if (!isRole(role)) throw new AppError("bad_request", "Role must be admin, editor or reviewer.");
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

export async function createUser(input: { email: string; password: string; role: Role }): Promise<UserRecord> {
  const email = checkedEmail(input.email);
  checkPassword(input.password);
  checkRole(input.role);
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  try {
    const [row] = await db.query<UserRow>(
      `INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING ${PUBLIC_COLUMNS}`,
      [randomUUID(), email, input.role, passwordHash],
    );
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `A user with email ${email} already exists.`);
    throw error;
  }
}

export async function findUserByEmail(email: string): Promise<UserRecord | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow>(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE email = $1`, [
    normalizeEmail(email),
  ]);
  return row ? toRecord(row) : null;
}

export async function getUserById(id: string): Promise<UserRecord | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow>(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ? toRecord(row) : null;
}

/** The user and their current session epoch, for checking a sealed cookie. */
export async function getUserSessionState(id: string): Promise<{ user: UserRecord; sessionEpoch: number } | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ? { user: toRecord(row), sessionEpoch: row.session_epoch } : null;
}

/** The user when the password is right and the account enabled; null otherwise, in similar time. */
export async function verifyCredentials(email: string, password: string): Promise<UserRecord | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [
    normalizeEmail(email),
  ]);
  if (!row) return verifyAgainstDummy(password).then(() => null);
  const ok = await verifyPassword(password, row.password_hash);
  return ok && row.disabled_at === null ? toRecord(row) : null;
}

export async function listUsers(): Promise<UserRecord[]> {
  const db = await getDb();
  const rows = await db.query<UserRow>(`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY email`);
  return rows.map(toRecord);
}

export async function setRole(id: string, role: Role): Promise<UserRecord> {
  checkRole(role);
  return changeUser(id, role !== "admin", (tx) =>
    tx.query<UserRow>(
      `UPDATE users SET role = $2, updated_at = now() WHERE id = $1 RETURNING ${PUBLIC_COLUMNS}`,
      [id, role],
    ),
  );
}

/** Disabling also ends the user's sessions, so re-enabling does not revive old cookies. */
export async function setDisabled(id: string, disabled: boolean): Promise<UserRecord> {
  return changeUser(id, disabled, (tx) =>
    tx.query<UserRow>(
      `UPDATE users SET
         disabled_at = CASE WHEN $2::boolean THEN COALESCE(disabled_at, now()) ELSE NULL END,
         session_epoch = session_epoch + CASE WHEN $2::boolean THEN 1 ELSE 0 END,
         updated_at = now()
       WHERE id = $1 RETURNING ${PUBLIC_COLUMNS}`,
      [id, disabled],
    ),
  );
}

export async function deleteUser(id: string): Promise<void> {
  await changeUser(id, true, (tx) =>
    tx.query<UserRow>(`DELETE FROM users WHERE id = $1 RETURNING ${PUBLIC_COLUMNS}`, [id]),
  );
}

/** Sets a new password and ends every session of the user (the caller may seal a fresh one). */
export async function setPassword(id: string, password: string): Promise<void> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const rows = await db.query(
    `UPDATE users SET password_hash = $2, session_epoch = session_epoch + 1, updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, passwordHash],
  );
  if (rows.length === 0) throw new AppError("not_found", "No such user.");
}

/** Ends every session of the user: cookies sealed before this are refused from now on. */
export async function revokeSessions(id: string): Promise<void> {
  const db = await getDb();
  await db.query("UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1", [id]);
}

// Runs a change that may remove an active admin (when `mayRemoveAdmin`), refusing it when it
// would leave none: nobody could manage users any more.
async function changeUser(
  id: string,
  mayRemoveAdmin: boolean,
  change: (tx: Db) => Promise<UserRow[]>,
): Promise<UserRecord> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [ADMIN_LOCK]);
    const [row] = await change(tx);
    if (!row) throw new AppError("not_found", "No such user.");
    if (mayRemoveAdmin) {
      const [{ admins }] = await tx.query<{ admins: number }>(
        "SELECT count(*)::int AS admins FROM users WHERE role = 'admin' AND disabled_at IS NULL",
      );
      if (admins === 0) {
        // Throwing rolls the change back.
        throw new AppError("conflict", "That would leave no active admin; make someone else admin first.");
      }
    }
    return toRecord(row);
  });
}

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
    await tx.query("INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, 'admin', $3)", [
      randomUUID(),
      email,
      passwordHash,
    ]);
    return true;
  });
  if (!created) return { email, created: false };
  return generated ? { email, password: generated, created: true } : { email, created: true };
}
