import "server-only";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { announceBudgetNear } from "@/lib/notify/announce";
import { NEAR_LIMIT_SHARE } from "@/lib/schemas/budget-kinds";
import { budgetMonth, resetDay } from "./month";
import { spendBudget, type Ask } from "./spend";

// What every shot and training goes through before the service is asked: the budgets are spent
// (or the ask refused), and a limit that this ask carries past 80 % is told about once.

export async function chargeBudget(db: Db, ask: Ask, now: Date): Promise<string[]> {
  const { ids, before } = await spendBudget(db, ask, now);
  const asked = ids.length;
  const month = budgetMonth(now);
  const crossed = (used: number, limit: number | null) =>
    limit !== null && limit > 0 && used < limit * NEAR_LIMIT_SHARE && used + asked >= limit * NEAR_LIMIT_SHARE;
  const told: Promise<void>[] = [];
  const tell = (personId: string | null, used: number, limit: number) =>
    told.push(
      announceBudgetNear(
        db,
        { personId, kind: ask.kind, used: used + asked, limit, month: month.label, resets: resetDay(month.resetsAt) },
        now,
      ),
    );
  if (ask.person && crossed(before.usedByPerson, before.limits.person))
    tell(ask.person.id, before.usedByPerson, before.limits.person!);
  if (crossed(before.usedByAll, before.limits.installation)) tell(null, before.usedByAll, before.limits.installation!);
  // Telling never stops the shot it is about.
  await Promise.all(told).catch((error: unknown) =>
    log.error({ err: error }, "a budget's 80 % notice could not be recorded"),
  );
  return ids;
}
