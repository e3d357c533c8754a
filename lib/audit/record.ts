import "server-only";
import { keyInUse } from "@/lib/audit/key-use";
import { getDb, type Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { AuditAction } from "@/lib/schemas/audit-actions";

// Every change is written to `audit_events` (who, what, to which product / prediction / user,
// from where). Recording never fails the action it describes: a database error is logged and the
// action's answer stands. Never pass a password, token or cookie in `detail`.

export interface AuditEntry {
  /** Who acted; null for an unknown person (a failed sign-in for an unknown email). */
  actor: { id: string; email: string } | null;
  action: AuditAction;
  /** The email typed at a failed sign-in, when there is no actor. */
  actorEmail?: string;
  productId?: string | null;
  predictionId?: string | null;
  targetUserId?: string | null;
  targetEmail?: string | null;
  /** Small, non-secret facts: a role, an image index, a share's id, a count. */
  detail?: Record<string, string | number | boolean | null>;
  /** The client's address, where the route knows it. */
  ip?: string | null;
}

export async function recordAudit(entry: AuditEntry, db?: Db): Promise<void> {
  // An action its owner took with an API key names the key (never its secret).
  const key = keyInUse();
  const viaKey = key && entry.actor?.id === key.ownerId ? { via_key: key.keyName } : {};
  if (key) key.audited = true;
  try {
    const target = db ?? (await getDb());
    await target.query(
      `INSERT INTO audit_events
         (actor_id, actor_email, action, product_id, prediction_id, target_user_id, target_email, detail, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
      [
        entry.actor?.id ?? null,
        entry.actor?.email ?? entry.actorEmail ?? "",
        entry.action,
        entry.productId ?? null,
        entry.predictionId ?? null,
        entry.targetUserId ?? null,
        entry.targetEmail ?? null,
        JSON.stringify({ ...entry.detail, ...viaKey }),
        entry.ip ?? null,
      ],
    );
  } catch (error) {
    log.error({ err: error, action: entry.action }, "audit event could not be recorded");
  }
}
