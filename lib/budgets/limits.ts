import "server-only";
import type { BudgetRow } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import type { Role } from "@/lib/schemas/roles";
import type { Db } from "@/lib/db/client";
import type { SessionUser } from "@/lib/types";
import type { BudgetKind, BudgetScope } from "@/lib/schemas/budget-kinds";

// The monthly limits an admin sets. A person's limit is their own when set, else their role's;
// the installation's applies to everyone together. No row is no limit.

export type { BudgetRow };

export interface Limits {
  installation: number | null;
  person: number | null;
  /** Where the person's limit comes from, for the words of a refusal. */
  personFrom: "user" | "role" | null;
}

export async function listBudgets(db: Db): Promise<BudgetRow[]> {
  return db.query<BudgetRow>("SELECT scope, subject, kind, monthly_limit FROM budgets ORDER BY scope, subject, kind");
}

export async function limitsFor(db: Db, person: { id: string; role: Role } | null, kind: BudgetKind): Promise<Limits> {
  const rows = await db.query<BudgetRow>(
    `SELECT scope, subject, kind, monthly_limit FROM budgets
      WHERE kind = $1 AND ((scope = 'installation' AND subject = '') OR (scope = 'role' AND subject = $2) OR (scope = 'user' AND subject = $3))`,
    [kind, person?.role ?? "", person?.id ?? ""],
  );
  const of = (scope: BudgetScope) => rows.find((row) => row.scope === scope)?.monthly_limit ?? null;
  const own = person ? of("user") : null;
  const role = person ? of("role") : null;
  return {
    installation: of("installation"),
    person: own ?? role,
    personFrom: own !== null ? "user" : role !== null ? "role" : null,
  };
}

/** Sets (or, with null, removes) one limit, audited with what it was and what it is now. */
export async function setBudget(
  db: Db,
  change: { scope: BudgetScope; subject: string; kind: BudgetKind; limit: number | null },
  actor: SessionUser,
): Promise<void> {
  const subject = change.scope === "installation" ? "" : change.subject;
  const before = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ monthly_limit: number }>(
      "SELECT monthly_limit FROM budgets WHERE scope = $1 AND subject = $2 AND kind = $3 FOR UPDATE",
      [change.scope, subject, change.kind],
    );
    if (change.limit === null) {
      await tx.query("DELETE FROM budgets WHERE scope = $1 AND subject = $2 AND kind = $3", [
        change.scope,
        subject,
        change.kind,
      ]);
    } else {
      await tx.query(
        `INSERT INTO budgets (scope, subject, kind, monthly_limit, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (scope, subject, kind) DO UPDATE SET monthly_limit = EXCLUDED.monthly_limit, changed_by = EXCLUDED.changed_by, changed_at = now()`,
        [change.scope, subject, change.kind, change.limit, actor.id],
      );
    }
    return row?.monthly_limit ?? null;
  });
  await recordAudit(
    {
      actor,
      action: "budget.changed",
      targetUserId: change.scope === "user" ? subject : null,
      detail: { scope: change.scope, subject: subject || null, kind: change.kind, from: before, to: change.limit },
    },
    db,
  );
}

/** Whose budget a shot or training spends: its author while their account exists. */
export async function spenderOf(db: Db, userId: string | null): Promise<{ id: string; role: Role } | null> {
  if (!userId) return null;
  const [row] = await db.query<{ id: string; role: Role }>("SELECT id, role FROM users WHERE id = $1", [userId]);
  return row ?? null;
}
