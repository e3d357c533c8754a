import { Suspense } from "react";
import { BudgetForm } from "@/components/usage/budget-form";
import { DailyChart } from "@/components/usage/daily-chart";
import { GroupBars } from "@/components/usage/group-bars";
import { MonthStandingCard } from "@/components/usage/month-standing";
import { WhatWorks } from "@/components/usage/what-works";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { countOf, type BudgetKind } from "@/lib/schemas/budget-kinds";
import { resetDay } from "@/lib/budgets/month";
import { budgetsView } from "@/lib/budgets/views";
import { getDb } from "@/lib/db/client";
import { listUserViews } from "@/lib/studio/users";
import { DIMENSION_WORDS, USAGE_DIMENSIONS } from "@/lib/usage/dimensions";
import { approvalReport } from "@/lib/usage/approvals";
import { usageReport } from "@/lib/usage/report";

export const metadata = { title: "Usage" };

const NOUN = { person: "Person", product: "Product", template: "Template", campaign: "Campaign" } as const;

// What the team spends and what works: drawn on the server from the database (one query per
// chart); only the daily chart (with its table of days) and the budget form are client islands. Admins see everyone and set the budgets.
export default async function UsagePage() {
  const user = await requirePageUser("/usage");
  const admin = can(user.role, "manage_users");
  const db = await getDb();
  const now = new Date();
  const [report, budgets, people] = await Promise.all([
    usageReport(db, user, now),
    budgetsView(db, user, now),
    admin ? listUserViews() : Promise.resolve([]),
  ]);
  const resets = resetDay(new Date(budgets.resets_at));
  const shots = report.days.reduce((n, d) => n + d.shots, 0);
  const trainings = report.days.reduce((n, d) => n + d.trainings, 0);
  const whose = report.everyone ? "the team" : "you";
  return (
    <div className="space-y-8">
      <PageHeader
        title="Usage"
        description={
          report.everyone
            ? "What the team asked of the image service, against its monthly budgets, and which shots get approved."
            : "What you asked of the image service, against your monthly budget, and which shots get approved."
        }
        action={
          <a href="/api/usage/csv" className={buttonClass("secondary")} download>
            Download CSV
          </a>
        }
      />
      <section aria-labelledby="this-month" className="space-y-3">
        <h2 id="this-month" className="text-lg font-semibold">
          This month
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <MonthStandingCard title="Your budget" rows={budgets.mine} resets={resets} />
          {admin && <MonthStandingCard title="The team's budget" rows={budgets.team} resets={resets} />}
        </div>
        {admin && (
          <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4">
            <h3 className="font-semibold">Monthly limits</h3>
            <BudgetList rows={budgets.budgets} people={people} />
            <BudgetForm people={people.map(({ id, email }) => ({ id, email }))} />
          </div>
        )}
      </section>
      <section aria-labelledby="last-90" className="space-y-3">
        <h2 id="last-90" className="text-lg font-semibold">
          The last 90 days
        </h2>
        <div className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4">
          <DailyChart
            days={report.days}
            caption={`Shots and trainings per day from ${report.from} to ${report.to} (UTC): ${countOf("shots", shots)} and ${countOf("trainings", trainings)} by ${whose}.`}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {USAGE_DIMENSIONS.filter((d) => report.everyone || d !== "person").map((d) => (
            <GroupBars key={d} title={DIMENSION_WORDS[d]} what={NOUN[d]} rows={report.groups[d]} />
          ))}
        </div>
      </section>
      <section aria-labelledby="what-works" className="space-y-3">
        <h2 id="what-works" className="text-lg font-semibold">
          What gets approved
        </h2>
        <Suspense
          fallback={
            <p role="status" className="text-sm text-zinc-600">
              Counting what gets approved…
            </p>
          }
        >
          <WhatWorks report={approvalReport(db)} />
        </Suspense>
      </section>
    </div>
  );
}

function BudgetList({
  rows,
  people,
}: {
  rows: { scope: string; subject: string; kind: string; monthly_limit: number }[];
  people: { id: string; email: string }[];
}) {
  if (rows.length === 0)
    return (
      <p className="text-sm text-zinc-600">No limits are set: everyone may make any number of shots and trainings.</p>
    );
  const name = (r: { scope: string; subject: string }) =>
    r.scope === "installation"
      ? "The whole team"
      : r.scope === "role"
        ? `Each ${r.subject}`
        : (people.find((p) => p.id === r.subject)?.email ?? "A deleted account");
  return (
    <ul className="text-sm">
      {rows.map((r) => (
        <li key={`${r.scope}:${r.subject}:${r.kind}`}>
          {name(r)}: {countOf(r.kind as BudgetKind, r.monthly_limit)} a month
        </li>
      ))}
    </ul>
  );
}
