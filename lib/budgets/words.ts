import { ROLE_PLURAL } from "./role-words";
import { countOf, type BudgetKind } from "@/lib/schemas/budget-kinds";
import { resetDay } from "./month";

// The words of a refusal: whose limit, how much is left, and when it resets.

export interface Reached {
  whose: "installation" | "user" | "role";
  role?: string;
  kind: BudgetKind;
  limit: number;
  used: number;
  asked: number;
  resetsAt: Date;
}

export function reachedWords(r: Reached): string {
  const left = Math.max(0, r.limit - r.used);
  const owner =
    r.whose === "installation"
      ? `the team's monthly budget of ${countOf(r.kind, r.limit)}`
      : r.whose === "role"
        ? `your monthly budget of ${countOf(r.kind, r.limit)} (the limit for ${ROLE_PLURAL[r.role ?? ""] ?? "your role"})`
        : `your monthly budget of ${countOf(r.kind, r.limit)}`;
  const standing =
    left === 0
      ? `${capitalise(owner)} is used up: ${r.used} used this month, none left.`
      : `This asks for ${countOf(r.kind, r.asked)}, but only ${left} ${left === 1 ? "is" : "are"} left of ${owner} (${r.used} used this month).`;
  return `${standing} It resets on ${resetDay(r.resetsAt)} (UTC); an admin can raise it on the Usage page.`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
