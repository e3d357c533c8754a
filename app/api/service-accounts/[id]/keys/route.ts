// GET /api/service-accounts/{id}/keys and POST (an admin creates a key for the service account; its secret is answered once).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createApiKeySchema } from "@/lib/schemas/api-key";
import { createServiceAccountKey, serviceAccountKeys } from "@/lib/studio/api-keys";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await serviceAccountKeys(params.id)), {
  action: "manage_users",
  sessionOnly: true,
});

export const POST = withSession(
  async ({ request, user, params }) =>
    json(await createServiceAccountKey(user, params.id, createApiKeySchema.parse(await readJson(request))), {
      status: 201,
    }),
  { action: "manage_users", sessionOnly: true },
);
