import "server-only";
import type { BudgetsView, MonthStanding } from "@/lib/api-types";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { SetBudgetInput } from "@/lib/schemas/budget";
import type { SessionUser } from "@/lib/types";
import { BUDGET_KINDS, type BudgetKind } from "@/lib/schemas/budget-kinds";
import { listBudgets, setBudget } from "./limits";
import { budgetMonth } from "./month";
import { standingOf } from "./spend";

// What the budget form and the usage page read: the limits, and this month against them
// (shapes in lib/api-types.ts, which the browser may import).

export type { BudgetsView, MonthStanding };

const standing = (kind: BudgetKind, used: number, limit: number | null): MonthStanding => ({
  kind,
  used,
  limit,
  left: limit === null ? null : Math.max(0, limit - used),
});

export async function budgetsView(db: Db, user: SessionUser, now: Date): Promise<BudgetsView> {
  const month = budgetMonth(now);
  const mine: MonthStanding[] = [];
  const team: MonthStanding[] = [];
  for (const kind of BUDGET_KINDS) {
    const s = await standingOf(db, user, kind, now);
    mine.push(standing(kind, s.usedByPerson, s.limits.person));
    team.push(standing(kind, s.usedByAll, s.limits.installation));
  }
  // Everyone sees the limits that bind them; only admins see the others'.
  const all = await listBudgets(db);
  const budgets =
    user.role === "admin"
      ? all
      : all.filter(
          (b) =>
            b.scope === "installation" ||
            (b.scope === "role" && b.subject === user.role) ||
            (b.scope === "user" && b.subject === user.id),
        );
  return { month: month.label, resets_at: month.resetsAt.toISOString(), budgets, mine, team };
}

export async function changeBudget(db: Db, input: SetBudgetInput, actor: SessionUser): Promise<void> {
  if (input.scope === "user") {
    const [row] = await db.query("SELECT id FROM users WHERE id = $1", [input.subject]);
    if (!row) throw new AppError("not_found", "There is no such person (they may have been deleted).");
  }
  await setBudget(db, input, actor);
}
