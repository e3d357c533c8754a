import { z } from "zod";
import { ROLES } from "@/lib/schemas/roles";
import { BUDGET_KINDS, BUDGET_SCOPES, MAX_MONTHLY_LIMIT } from "./budget-kinds";

// PUT /api/budgets: one monthly limit set (a whole number) or removed (null), shared by the form and the handler.

export const setBudgetSchema = z
  .object({
    scope: z.enum(BUDGET_SCOPES, { message: `scope must be one of: ${BUDGET_SCOPES.join(", ")}` }),
    subject: z.string().max(200).default(""),
    kind: z.enum(BUDGET_KINDS, { message: `kind must be one of: ${BUDGET_KINDS.join(", ")}` }),
    limit: z
      .number({ message: "limit must be a whole number, or null for no limit" })
      .int("limit must be a whole number, or null for no limit")
      .min(0, "limit must be 0 or more")
      .max(MAX_MONTHLY_LIMIT, `limit must be at most ${MAX_MONTHLY_LIMIT.toLocaleString("en")}`)
      .nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.scope === "role" && !(ROLES as readonly string[]).includes(value.subject)) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: `subject must be a role: ${ROLES.join(", ")}` });
    }
    if (value.scope === "user" && value.subject.length === 0) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: "subject must be the person's id" });
    }
  });

export type SetBudgetInput = z.infer<typeof setBudgetSchema>;
