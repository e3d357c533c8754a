// GET /api/usage: shots and trainings per day over the last 90 days and by person, product,
// template and campaign (admins: everyone's; others: their own), with this month against the budgets.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { budgetsView } from "@/lib/budgets/views";
import { getDb } from "@/lib/db/client";
import { usageReport } from "@/lib/usage/report";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ user }) => {
  const db = await getDb();
  const now = new Date();
  const [report, budgets] = await Promise.all([usageReport(db, user, now), budgetsView(db, user, now)]);
  return json({ ...report, budgets });
});
