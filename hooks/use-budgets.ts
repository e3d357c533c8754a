"use client";

import { useMutation } from "@tanstack/react-query";
import type { SetBudgetInput } from "@/lib/schemas/budget";
// Type-only: erased at build time, so the server-only module never reaches the browser.
import type { BudgetsView } from "@/lib/api-types";
import { apiFetch, type ApiError } from "./api-fetch";

/** Sets (or, with a null limit, removes) one monthly budget; the usage page is drawn again after. */
export function useSetBudget() {
  return useMutation<BudgetsView, ApiError, SetBudgetInput>({
    mutationFn: (input) => apiFetch("/api/budgets", { method: "PUT", json: input }),
  });
}
