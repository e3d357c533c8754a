import { formatDayLong } from "@/lib/format";
// The budgets' month: the UTC calendar month (the app keeps no installation time zone; each
// person's own zone only sets their digest's hour). Taken from a clock the caller passes, so a
// test can roll the month over without waiting.

export interface BudgetMonth {
  /** "2026-11" */
  label: string;
  start: Date;
  /** When the month's counts start again from nothing: the next month's first instant. */
  resetsAt: Date;
}

export function budgetMonth(now: Date): BudgetMonth {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    label: `${year}-${String(month + 1).padStart(2, "0")}`,
    start: new Date(Date.UTC(year, month, 1)),
    resetsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** Whole seconds until the month resets, at least 1 (a Retry-After of 0 means "now"). */
export function secondsUntilReset(now: Date): number {
  return Math.max(1, Math.ceil((budgetMonth(now).resetsAt.getTime() - now.getTime()) / 1000));
}

/** "1 December 2026", as the refusal and the usage page say when a month resets. */
export function resetDay(date: Date): string {
  return formatDayLong(date);
}
