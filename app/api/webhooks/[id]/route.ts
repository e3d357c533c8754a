// PATCH /api/webhooks/{id} ({ enabled: true } turns a webhook back on) and DELETE /api/webhooks/{id}.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { enableWebhookSchema } from "@/lib/schemas/notify";
import { removeTeamWebhook, turnWebhookOn } from "@/lib/studio/notify";

export const dynamic = "force-dynamic";

export const PATCH = withSession(
  async ({ request, params, user }) => {
    enableWebhookSchema.parse(await readJson(request));
    return json(await turnWebhookOn(params.id, user));
  },
  { action: "manage_users" },
);

export const DELETE = withSession(
  async ({ params, user }) => {
    await removeTeamWebhook(params.id, user);
    return new Response(null, { status: 204 });
  },
  { action: "manage_users" },
);
