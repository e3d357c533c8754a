import "server-only";
import type { Role } from "@/lib/schemas/roles";
import type { Db } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors";
import type { BudgetKind } from "@/lib/schemas/budget-kinds";
import { limitsFor, type Limits } from "./limits";
import { budgetMonth, secondsUntilReset } from "./month";
import { reachedWords, type Reached } from "./words";

// Spending a budget: the month's count and the new rows are written under one lock, so two
// creates at once (on one instance or two sharing PostgreSQL) cannot both take the last unit.
// A refusal is a 429 whose Retry-After runs until the month resets: the limit is a quota that
// comes back by itself at a known time, which is what 429 with Retry-After says to a client
// (403 would say "never"). Its `error` is `budget_reached`, so clients can tell it from a pace limit.

export const BUDGET_REACHED = "budget_reached";

// Any fixed number: every instance counting against the budgets takes the same lock.
const BUDGET_LOCK = 7_305_112_180;

export interface Spender {
  id: string;
  role: Role;
}

export interface Ask {
  kind: BudgetKind;
  /** Null when the person is gone (a campaign of a deleted account): only the team's limit applies. */
  person: Spender | null;
  productId: string;
  campaignId?: string | null;
  /** A shot's job: counted once however often it is sent. */
  jobId?: string | null;
  count?: number;
}

export interface Standing {
  limits: Limits;
  /** This month's count for the installation and for the person, before the ask. */
  usedByAll: number;
  usedByPerson: number;
}

export function isBudgetReached(error: unknown): error is AppError {
  return isAppError(error) && error.errorName === BUDGET_REACHED;
}

export async function standingOf(db: Db, person: Spender | null, kind: BudgetKind, now: Date): Promise<Standing> {
  const month = budgetMonth(now);
  const [counts] = await db.query<{ everyone: string | number; mine: string | number }>(
    `SELECT count(*) AS everyone, count(*) FILTER (WHERE user_id = $4) AS mine
       FROM usage_units WHERE kind = $1 AND created_at >= $2 AND created_at < $3`,
    [kind, month.start.toISOString(), month.resetsAt.toISOString(), person?.id ?? ""],
  );
  return {
    limits: await limitsFor(db, person, kind),
    usedByAll: Number(counts.everyone),
    usedByPerson: Number(counts.mine),
  };
}

/** Refuses (without counting) an ask the month's budgets cannot take: a request's early answer. */
export async function assertWithinBudget(db: Db, ask: Ask, now: Date): Promise<Standing> {
  const standing = await standingOf(db, ask.person, ask.kind, now);
  refuseOver(standing, ask, now);
  return standing;
}

/** Counts the ask against the budgets, or refuses it; returns the rows' ids and the standing before. */
export async function spendBudget(db: Db, ask: Ask, now: Date): Promise<{ ids: string[]; before: Standing }> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [BUDGET_LOCK]);
    if (ask.jobId) {
      const [row] = await tx.query<{ id: string | number }>("SELECT id FROM usage_units WHERE job_id = $1", [
        ask.jobId,
      ]);
      if (row) return { ids: [String(row.id)], before: await standingOf(tx, ask.person, ask.kind, now) };
    }
    const before = await standingOf(tx, ask.person, ask.kind, now);
    refuseOver(before, ask, now);
    const rows = await tx.query<{ id: string | number }>(
      `INSERT INTO usage_units (kind, user_id, product_id, template_id, campaign_id, job_id, created_at)
       SELECT $1, $2, $3, (SELECT template_id FROM products WHERE id = $3), $4, $5, $6 FROM generate_series(1, $7)
       RETURNING id`,
      [
        ask.kind,
        ask.person?.id ?? null,
        ask.productId,
        ask.campaignId ?? null,
        ask.jobId ?? null,
        now.toISOString(),
        ask.count ?? 1,
      ],
    );
    return { ids: rows.map((row) => String(row.id)), before };
  });
}

/** The service made nothing for these: they no longer count. */
export async function returnBudget(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.query("DELETE FROM usage_units WHERE id = ANY($1::bigint[])", [ids.map(Number)]);
}

/** A shot's job that ended without an image no longer counts. */
export async function returnJobBudget(db: Db, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length > 0) await db.query("DELETE FROM usage_units WHERE job_id = ANY($1::text[])", [jobIds]);
}

function refuseOver(standing: Standing, ask: Ask, now: Date): void {
  const asked = ask.count ?? 1;
  const { limits } = standing;
  const resetsAt = budgetMonth(now).resetsAt;
  const over: Reached | null =
    limits.person !== null && standing.usedByPerson + asked > limits.person
      ? {
          whose: limits.personFrom ?? "user",
          role: ask.person?.role,
          kind: ask.kind,
          limit: limits.person,
          used: standing.usedByPerson,
          asked,
          resetsAt,
        }
      : limits.installation !== null && standing.usedByAll + asked > limits.installation
        ? {
            whose: "installation",
            kind: ask.kind,
            limit: limits.installation,
            used: standing.usedByAll,
            asked,
            resetsAt,
          }
        : null;
  if (!over) return;
  throw new AppError("rate_limited", reachedWords(over), {
    retryAfter: secondsUntilReset(now),
    errorName: BUDGET_REACHED,
  });
}

/**
 * A campaign's shots that were counted but ended without an image (cancelled, or failed with
 * their product) no longer count: a shot counted before a 429 may end that way.
 */
export async function returnUnmadeBudget(db: Db, campaignId: string): Promise<void> {
  await db.query(
    `DELETE FROM usage_units WHERE campaign_id = $1 AND job_id IN
       (SELECT id::text FROM shot_jobs WHERE campaign_id = $1 AND state IN ('cancelled', 'failed') AND prediction_id IS NULL)`,
    [campaignId],
  );
}

/** What the person may still make this month: the smaller of their own and the team's left; null when neither is limited. */
export async function shotsLeft(db: Db, person: Spender, now: Date): Promise<number | null> {
  return unitsLeft(db, person, "shots", now);
}

/** As shotsLeft, for either kind; a person who is gone (null) has only the team's limit. */
export async function unitsLeft(db: Db, person: Spender | null, kind: BudgetKind, now: Date): Promise<number | null> {
  const { limits, usedByAll, usedByPerson } = await standingOf(db, person, kind, now);
  const left = [
    limits.person === null ? null : limits.person - usedByPerson,
    limits.installation === null ? null : limits.installation - usedByAll,
  ];
  const known = left.filter((n): n is number => n !== null);
  return known.length === 0 ? null : Math.max(0, Math.min(...known));
}
