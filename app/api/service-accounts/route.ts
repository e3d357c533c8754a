// GET /api/service-accounts (admins) and POST /api/service-accounts (create one for another system's keys).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createServiceAccountSchema } from "@/lib/schemas/api-key";
import { createServiceAccountView, listServiceAccounts } from "@/lib/studio/api-keys";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await listServiceAccounts()), { action: "manage_users" });

export const POST = withSession(
  async ({ request, user }) =>
    json(await createServiceAccountView(user, createServiceAccountSchema.parse(await readJson(request))), {
      status: 201,
    }),
  { action: "manage_users", sessionOnly: true },
);
