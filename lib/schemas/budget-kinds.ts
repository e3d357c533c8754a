// What a budget counts, in one place (client-safe: the usage page and the budget form list them).

export const BUDGET_KINDS = ["shots", "trainings"] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

export const BUDGET_SCOPES = ["installation", "role", "user"] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

/** "1 shot", "3 trainings". */
export function countOf(kind: BudgetKind, n: number): string {
  const one = kind === "shots" ? "shot" : "training";
  return `${n} ${n === 1 ? one : kind}`;
}

/** A month's shots past a million is a typing slip, not a budget (here, not beside the schema, so the form's first scripts carry no zod). */
export const MAX_MONTHLY_LIMIT = 1_000_000;

/** Told once a month when this share of a limit is used. */
export const NEAR_LIMIT_SHARE = 0.8;
