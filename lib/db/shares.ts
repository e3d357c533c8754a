import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "./client";
import { isoDate, isoDateOrNull } from "./dates";

// Share links. The registry keeps only the SHA-256 of each token (the link itself is shown once,
// when made); a link works while it is neither revoked nor past its expiry.

export interface ShareRecord {
  id: string;
  title: string | null;
  /** The gallery view's query, as URL search params (string values). */
  filter: Record<string, string>;
  createdBy: string;
  createdByEmail: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

interface ShareRow {
  id: string;
  title: string | null;
  filter: Record<string, string> | string;
  created_by: string;
  created_by_email: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const SELECT = `SELECT s.id, s.title, s.filter, s.created_by, u.email AS created_by_email, s.created_at,
  s.expires_at, s.revoked_at FROM shares s LEFT JOIN users u ON u.id = s.created_by`;

function toRecord(row: ShareRow): ShareRecord {
  return {
    id: row.id,
    title: row.title,
    filter: typeof row.filter === "string" ? (JSON.parse(row.filter) as Record<string, string>) : row.filter,
    createdBy: row.created_by,
    createdByEmail: row.created_by_email,
    createdAt: isoDate(row.created_at),
    expiresAt: isoDate(row.expires_at),
    revokedAt: isoDateOrNull(row.revoked_at),
  };
}

export async function insertShare(input: {
  tokenHash: string;
  title: string | null;
  filter: Record<string, string>;
  createdBy: string;
  expiresAt: Date;
}): Promise<ShareRecord> {
  const db = await getDb();
  const id = randomUUID();
  await db.query(
    `INSERT INTO shares (id, token_hash, title, filter, created_by, expires_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
    [id, input.tokenHash, input.title, JSON.stringify(input.filter), input.createdBy, input.expiresAt.toISOString()],
  );
  const [row] = await db.query<ShareRow>(`${SELECT} WHERE s.id = $1`, [id]);
  return toRecord(row);
}

/** Newest first; only `createdBy`'s when given (admins see every link). */
export async function listShares(createdBy?: string): Promise<ShareRecord[]> {
  const db = await getDb();
  const rows = createdBy
    ? await db.query<ShareRow>(`${SELECT} WHERE s.created_by = $1 ORDER BY s.created_at DESC, s.id`, [createdBy])
    : await db.query<ShareRow>(`${SELECT} ORDER BY s.created_at DESC, s.id`);
  return rows.map(toRecord);
}

/** Revokes the link (only `createdBy`'s when given); false when there is no such link. Idempotent. */
export async function revokeShare(id: string, createdBy?: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.query<{ id: string }>(
    `UPDATE shares SET revoked_at = COALESCE(revoked_at, now())
     WHERE id = $1 AND ($2::text IS NULL OR created_by = $2) RETURNING id`,
    [id, createdBy ?? null],
  );
  return rows.length > 0;
}

/** The link with this token hash when it still works at `now`, else null. */
export async function findActiveShare(tokenHash: string, now: Date = new Date()): Promise<ShareRecord | null> {
  const db = await getDb();
  const [row] = await db.query<ShareRow>(
    `${SELECT} WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [tokenHash, now.toISOString()],
  );
  return row ? toRecord(row) : null;
}
