// GET /api/webhooks (the team's webhooks) and POST /api/webhooks (add one; its secret is answered once).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createWebhookSchema } from "@/lib/schemas/notify";
import { addTeamWebhook, teamWebhooks } from "@/lib/studio/notify";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await teamWebhooks()), { action: "manage_users" });

export const POST = withSession(
  async ({ request, user }) =>
    json(await addTeamWebhook(createWebhookSchema.parse(await readJson(request)), user), { status: 201 }),
  { action: "manage_users" },
);
