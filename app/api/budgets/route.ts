// GET /api/budgets (the month's limits and standing: admins see every limit, others their own)
// and PUT /api/budgets (admins: set or remove one monthly limit, audited).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { budgetsView, changeBudget } from "@/lib/budgets/views";
import { getDb } from "@/lib/db/client";
import { setBudgetSchema } from "@/lib/schemas/budget";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ user }) => json(await budgetsView(await getDb(), user, new Date())));

export const PUT = withSession(
  async ({ request, user }) => {
    const input = setBudgetSchema.parse(await readJson(request));
    const db = await getDb();
    await changeBudget(db, input, user);
    return json(await budgetsView(db, user, new Date()));
  },
  { action: "manage_users" },
);
