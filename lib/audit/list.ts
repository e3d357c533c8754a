import "server-only";
import type { AuditLine, AuditPage } from "@/lib/api-types";
import { getDb } from "@/lib/db/client";
import { isoDate } from "@/lib/db/dates";
import type { AuditQuery } from "@/lib/schemas/audit-query";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/schemas/audit-actions";

// The Activity page's lines: newest first, one keyset page at a time (ids only grow, so a page
// never repeats or skips a line however many are written meanwhile). Products and predictions are
// named from the registry; lines keep their ids, so a name that is not known yet still links.

interface Row {
  id: string | number;
  created_at: Date | string;
  actor_id: string | null;
  actor_email: string;
  action: AuditAction;
  product_id: string | null;
  product_name: string | null;
  prediction_id: string | null;
  prediction_prompt: string | null;
  target_email: string | null;
  detail: Record<string, string | number | boolean | null> | string;
}

export async function listAuditEvents(query: AuditQuery): Promise<AuditPage> {
  const db = await getDb();
  const rows = await db.query<Row>(
    `SELECT a.id, a.created_at, a.actor_id, a.actor_email, a.action, a.product_id, p.name AS product_name,
            a.prediction_id, pr.prompt AS prediction_prompt, a.target_email, a.detail
       FROM audit_events a
       LEFT JOIN products p ON p.id = a.product_id
       LEFT JOIN predictions pr ON pr.id = a.prediction_id
      WHERE ($1::bigint IS NULL OR a.id < $1::bigint)
        AND ($2::text IS NULL OR a.actor_id = $2)
        AND ($3::text IS NULL OR a.action = $3)
      ORDER BY a.id DESC
      LIMIT $4`,
    [query.cursor ?? null, query.actor ?? null, query.action ?? null, query.limit + 1],
  );
  const page = rows.slice(0, query.limit).map(toLine);
  return { items: page, next_cursor: rows.length > query.limit ? page[page.length - 1].id : null };
}

function toLine(row: Row): AuditLine {
  return {
    id: String(row.id),
    at: isoDate(row.created_at),
    actor: { id: row.actor_id, email: row.actor_email },
    action: row.action,
    words: AUDIT_ACTIONS[row.action] ?? row.action,
    product: row.product_id ? { id: row.product_id, name: row.product_name } : null,
    prediction: row.prediction_id ? { id: row.prediction_id, prompt: row.prediction_prompt } : null,
    target_email: row.target_email,
    detail: typeof row.detail === "string" ? JSON.parse(row.detail) : row.detail,
  };
}
