"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import { useSetBudget } from "@/hooks/use-budgets";
import { ROLES } from "@/lib/schemas/roles";
import {
  BUDGET_KINDS,
  MAX_MONTHLY_LIMIT,
  countOf,
  type BudgetKind,
  type BudgetScope,
} from "@/lib/schemas/budget-kinds";

const select = "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";

/** An admin sets one monthly limit: for the team, for a role, or for one person; empty removes it. */
export function BudgetForm({ people }: { people: { id: string; email: string }[] }) {
  const [target, setTarget] = useState("installation:");
  const [kind, setKind] = useState<BudgetKind>("shots");
  const [limit, setLimit] = useState("");
  const save = useSetBudget();
  const toast = useToast();
  const { refresh, refreshing } = useServerRefresh();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [scope, subject] = target.split(/:(.*)/s) as [BudgetScope, string];
    const value = limit.trim() === "" ? null : Number(limit);
    save.mutate(
      { scope, subject: subject ?? "", kind, limit: value },
      {
        onSuccess: () => {
          toast.show(
            value === null ? "The limit was removed." : `The monthly limit is now ${countOf(kind, value)}.`,
            "success",
          );
          refresh();
        },
        onError: (e) => toast.show(e.message, "error"),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-4 sm:items-end" aria-label="Set a monthly limit">
      <label className="text-sm font-medium">
        For
        <select className={select} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="installation:">The whole team</option>
          {ROLES.map((role) => (
            <option key={role} value={`role:${role}`}>
              Each {role} (by default)
            </option>
          ))}
          {people.map((p) => (
            <option key={p.id} value={`user:${p.id}`}>
              {p.email}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Counting
        <select className={select} value={kind} onChange={(e) => setKind(e.target.value as BudgetKind)}>
          {BUDGET_KINDS.map((k) => (
            <option key={k} value={k}>
              {k === "shots" ? "Shots" : "Trainings"}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Monthly limit
        <input
          className={select}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MONTHLY_LIMIT}
          step={1}
          placeholder="No limit"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </label>
      <Button type="submit" disabled={save.isPending || refreshing}>
        Save limit
      </Button>
    </form>
  );
}
