import "server-only";
import { randomUUID } from "node:crypto";
import type { ApiKeyView, CreatedApiKey } from "@/lib/api-types";
import { getDb } from "@/lib/db/client";
import { isoDate, isoDateOrNull } from "@/lib/db/dates";
import { AppError } from "@/lib/errors";
import type { CreateApiKeyInput } from "@/lib/schemas/api-key";
import type { Role } from "@/lib/types";
import { isRoleWithin } from "@/lib/schemas/roles";
import { keyHint } from "./format";
import { hashKeySecret, newKeySecret } from "./secret";

// The API keys of a person or a service account. Secrets are answered once, at creation, and kept
// only as their hash; revoking marks the row, so the next request with the key is refused at once
// and in words.

interface KeyRow {
  id: string;
  name: string;
  role: Role;
  hint: string;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
  expired: boolean;
}

const VIEW_COLUMNS = "id, name, role, hint, created_at, expires_at, last_used_at, expires_at <= now() AS expired";

function toView(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    hint: row.hint,
    created_at: isoDate(row.created_at),
    expires_at: isoDate(row.expires_at),
    last_used_at: isoDateOrNull(row.last_used_at),
    expired: row.expired,
  };
}

/** A key for `owner`, at a role no higher than the owner's own. */
export async function createApiKey(
  owner: { id: string; role: Role },
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  if (!isRoleWithin(input.role, owner.role)) {
    throw new AppError("forbidden", `A key's role can be at most ${owner.role}, the role of the account it acts for.`);
  }
  const secret = newKeySecret();
  const db = await getDb();
  const [row] = await db.query<KeyRow>(
    `INSERT INTO api_keys (id, user_id, name, role, secret_hash, hint, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + $7::int * interval '1 day')
     RETURNING ${VIEW_COLUMNS}`,
    [
      `key_${randomUUID()}`,
      owner.id,
      input.name,
      input.role,
      hashKeySecret(secret),
      keyHint(secret),
      input.expires_in_days,
    ],
  );
  return { key: toView(row), secret };
}

/** The keys of one account that are not revoked, newest first (expired ones too, marked). */
export async function listApiKeys(userId: string): Promise<ApiKeyView[]> {
  const db = await getDb();
  const rows = await db.query<KeyRow>(
    `SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(toView);
}

export interface KeyOwner {
  keyId: string;
  name: string;
  userId: string;
  userEmail: string;
  userKind: "person" | "service_account";
}

/** Whose key this is (a revoked key is no one's any more): for deciding who may revoke it. */
export async function findKeyOwner(keyId: string): Promise<KeyOwner | null> {
  const db = await getDb();
  const [row] = await db.query<{
    id: string;
    name: string;
    user_id: string;
    email: string;
    kind: "person" | "service_account";
  }>(
    `SELECT k.id, k.name, k.user_id, u.email, u.kind FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.id = $1 AND k.revoked_at IS NULL`,
    [keyId],
  );
  return row ? { keyId: row.id, name: row.name, userId: row.user_id, userEmail: row.email, userKind: row.kind } : null;
}

/** Revokes the key from this moment, on every instance (the row is read at every request). */
export async function revokeApiKey(keyId: string): Promise<void> {
  const db = await getDb();
  await db.query("UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [keyId]);
}
