import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { setBudgetSchema } from "@/lib/schemas/budget";
import { scenesQuerySchema } from "@/lib/schemas/prompt";
import { approvalReport, approvalRow, budgetsView, usageReport } from "../answers/usage";
import { jsonAnswer, operation } from "../operation";

// Budgets, usage and what gets approved. A create past a budget is refused with 429
// `budget_reached` and a Retry-After up to the month's reset (see POST /api/predictions).

export const usagePaths: ZodOpenApiPathsObject = {
  "/api/usage": {
    get: operation({
      tag: "Usage",
      access: "view",
      summary: "Shots and trainings per day over the last 90 days, by person, product, template and campaign",
      description:
        "An admin's counts are everyone's; anyone else's are their own. With this month against the budgets.",
      answers: { "200": jsonAnswer("The report.", usageReport) },
    }),
  },
  "/api/usage/csv": {
    get: operation({
      tag: "Usage",
      access: "view",
      summary: "The usage report as a CSV file (the same numbers as its charts)",
      answers: { "200": { description: "The CSV file.", content: { "text/csv": { schema: z.string() } } } },
    }),
  },
  "/api/usage/approvals": {
    get: operation({
      tag: "Usage",
      access: "view",
      summary: "Approval rates by scene, template, aspect ratio and product, and how long shots wait for review",
      answers: { "200": jsonAnswer("The report.", approvalReport) },
    }),
  },
  "/api/budgets": {
    get: operation({
      tag: "Usage",
      access: "view",
      summary: "The monthly limits and this month against them",
      answers: { "200": jsonAnswer("The budgets.", budgetsView) },
    }),
    put: operation({
      tag: "Usage",
      access: "manage_users",
      summary: "Set or remove one monthly limit (the team's, a role's or a person's)",
      json: setBudgetSchema,
      answers: { "200": jsonAnswer("The budgets now.", budgetsView) },
    }),
  },
  "/api/prompts/scenes": {
    get: operation({
      tag: "Prompts",
      access: "view",
      summary: "Scenes that work for a template: the highest approval rate first, among those reviewed enough",
      query: scenesQuerySchema,
      answers: { "200": jsonAnswer("The scenes.", z.object({ items: z.array(approvalRow) })) },
    }),
  },
};
