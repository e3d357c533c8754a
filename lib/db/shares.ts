import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "./client";
import { isoDate, isoDateOrNull } from "./dates";

// Share links. The registry finds a link by the SHA-256 of its token; the token itself is kept only
// sealed, for its maker to copy again (lib/studio/share-address.ts). A link works while it is neither revoked nor past its expiry, and while its maker's
// account is enabled (a deleted maker's links are deleted with them).

export interface ShareRecord {
  id: string;
  title: string | null;
  /** The gallery view it was made from, as URL search params (for its description). */
  filter: Record<string, string>;
  /** What the link shows, in order; null for a link made before links held ids (see migration 20). */
  predictionIds: string[] | null;
  /** The name of the filter's product, when the view was one product's. */
  productName: string | null;
  createdBy: string;
  createdByEmail: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Whether visitors may approve or comment under a typed name. */
  signOff: boolean;
  /** The token, sealed; null for a link made before addresses were kept. */
  tokenSealed: string | null;
}

interface ShareRow {
  id: string;
  title: string | null;
  filter: Record<string, string> | string;
  prediction_ids: string[] | string | null;
  product_name: string | null;
  created_by: string;
  created_by_email: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  sign_off: boolean;
  token_sealed: string | null;
}

const SELECT = `SELECT s.id, s.title, s.filter, s.prediction_ids, p.name AS product_name, s.created_by,
  u.email AS created_by_email, s.created_at, s.expires_at, s.revoked_at, s.sign_off, s.token_sealed
  FROM shares s LEFT JOIN users u ON u.id = s.created_by LEFT JOIN products p ON p.id = s.filter->>'product_id'`;

const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

function toRecord(row: ShareRow): ShareRecord {
  return {
    id: row.id,
    title: row.title,
    filter: fromJson(row.filter),
    predictionIds: row.prediction_ids === null ? null : fromJson(row.prediction_ids).map(String),
    productName: row.product_name,
    createdBy: row.created_by,
    createdByEmail: row.created_by_email,
    createdAt: isoDate(row.created_at),
    expiresAt: isoDate(row.expires_at),
    revokedAt: isoDateOrNull(row.revoked_at),
    signOff: row.sign_off,
    tokenSealed: row.token_sealed,
  };
}

export async function insertShare(input: {
  tokenHash: string;
  /** The token sealed for its maker to copy again. */
  tokenSealed?: string | null;
  title: string | null;
  filter: Record<string, string>;
  predictionIds: readonly string[];
  createdBy: string;
  expiresAt: Date;
  /** Whether visitors may approve and comment; read-only (false) unless its maker asked. */
  signOff?: boolean;
}): Promise<ShareRecord> {
  const db = await getDb();
  const id = randomUUID();
  await db.query(
    `INSERT INTO shares (id, token_hash, token_sealed, title, filter, prediction_ids, created_by, expires_at, sign_off)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9)`,
    [
      id,
      input.tokenHash,
      input.tokenSealed ?? null,
      input.title,
      JSON.stringify(input.filter),
      JSON.stringify(input.predictionIds),
      input.createdBy,
      input.expiresAt.toISOString(),
      input.signOff ?? false,
    ],
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

/** Revokes the link (only `createdBy`'s when given); the revoked link, or null when there is none. Idempotent. */
export async function revokeShare(
  id: string,
  createdBy?: string,
): Promise<{ id: string; title: string | null } | null> {
  const db = await getDb();
  const [row] = await db.query<{ id: string; title: string | null }>(
    `UPDATE shares SET revoked_at = COALESCE(revoked_at, now())
     WHERE id = $1 AND ($2::text IS NULL OR created_by = $2) RETURNING id, title`,
    [id, createdBy ?? null],
  );
  return row ?? null;
}

/** Turns visitors' sign-off on or off (only `createdBy`'s link when given); the changed link, or null when there is none. */
export async function setShareSignOff(id: string, signOff: boolean, createdBy?: string): Promise<ShareRecord | null> {
  const db = await getDb();
  const [changed] = await db.query<{ id: string }>(
    `UPDATE shares SET sign_off = $2 WHERE id = $1 AND ($3::text IS NULL OR created_by = $3) RETURNING id`,
    [id, signOff, createdBy ?? null],
  );
  if (!changed) return null;
  const [row] = await db.query<ShareRow>(`${SELECT} WHERE s.id = $1`, [id]);
  return row ? toRecord(row) : null;
}

/** The link with this token hash when it still works at `now` (and its maker is enabled), else null. */
export async function findActiveShare(tokenHash: string, now: Date = new Date()): Promise<ShareRecord | null> {
  const db = await getDb();
  const [row] = await db.query<ShareRow>(
    `${SELECT} WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.disabled_at IS NULL`,
    [tokenHash, now.toISOString()],
  );
  return row ? toRecord(row) : null;
}

/** Fixes a pre-ids link to the ids its filter stands for; the first writer wins. Returns the kept ids. */
export async function fixLegacyShareIds(id: string, predictionIds: readonly string[]): Promise<string[]> {
  const db = await getDb();
  await db.query(`UPDATE shares SET prediction_ids = $2::jsonb WHERE id = $1 AND prediction_ids IS NULL`, [
    id,
    JSON.stringify(predictionIds),
  ]);
  const [row] = await db.query<{ prediction_ids: string[] | string }>(
    `SELECT prediction_ids FROM shares WHERE id = $1`,
    [id],
  );
  return row ? fromJson(row.prediction_ids).map(String) : [...predictionIds];
}
