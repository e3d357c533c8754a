import { z } from "zod";
import type { BudgetsView } from "@/lib/api-types";
import { BUDGET_KINDS, BUDGET_SCOPES } from "@/lib/schemas/budget-kinds";
import type { ApprovalReport, ApprovalRow } from "@/lib/api-types";
import type { UsageReport } from "@/lib/usage/dimensions";
import { isoTime } from "./common";
import { shaped } from "./shaped";

const kind = z.enum(BUDGET_KINDS).meta({ id: "BudgetKind" });
const count = z.number().int();

const monthStanding = z.object({
  kind,
  used: count,
  limit: count.nullable().meta({ description: "null: no limit." }),
  left: count.nullable().meta({ description: "null: no limit." }),
});

export const budgetsView = shaped<BudgetsView>()(
  z
    .object({
      month: z.string().meta({ description: "The UTC calendar month counted, e.g. `2026-11`." }),
      resets_at: isoTime.meta({ description: "When the month's counts start again from nothing." }),
      budgets: z.array(z.object({ scope: z.enum(BUDGET_SCOPES), subject: z.string(), kind, monthly_limit: count })),
      mine: z.array(monthStanding).meta({ description: "The caller's own month against their limit." }),
      team: z.array(monthStanding).meta({ description: "The team's month against the installation's limit." }),
    })
    .meta({ id: "Budgets" }),
);

const groupCount = z.object({ key: z.string(), name: z.string(), shots: count, trainings: count });

export const usageReport = shaped<UsageReport & { budgets: BudgetsView }>()(
  z
    .object({
      from: z.string().meta({ description: "First day counted (UTC), e.g. `2026-08-29`." }),
      to: z.string().meta({ description: "Last day counted (UTC), today." }),
      everyone: z
        .boolean()
        .meta({ description: "True when the counts are everyone's (an admin's view); else the caller's own." }),
      days: z.array(z.object({ day: z.string(), shots: count, trainings: count })),
      groups: z.object({
        person: z.array(groupCount),
        product: z.array(groupCount),
        template: z.array(groupCount),
        campaign: z.array(groupCount),
      }),
      budgets: budgetsView,
    })
    .meta({ id: "UsageReport" }),
);

export const approvalRow = shaped<ApprovalRow>()(
  z
    .object({
      key: z.string(),
      name: z.string(),
      approved: count,
      reviewed: count,
      rate: z.number().meta({ description: "approved ÷ reviewed, 0…1." }),
    })
    .meta({ id: "ApprovalRow" }),
);

export const approvalReport = shaped<ApprovalReport>()(
  z
    .object({
      groups: z.object({
        scene: z.array(approvalRow),
        template: z.array(approvalRow),
        aspect_ratio: z.array(approvalRow),
        product: z.array(approvalRow),
      }),
      review_wait: z.object({
        images: count.meta({ description: "Images reviewed (their first approve or reject)." }),
        median_seconds: z.number().nullable(),
        p90_seconds: z.number().nullable(),
      }),
    })
    .meta({ id: "ApprovalReport" }),
);
