// GET and PUT /api/settings/notifications: which emails the signed-in person gets.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { notificationSettingsSchema } from "@/lib/schemas/notify";
import { mySettings, saveMySettings } from "@/lib/studio/notify";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ user }) => json(await mySettings(user)));

export const PUT = withSession(async ({ request, user }) =>
  json(await saveMySettings(user, notificationSettingsSchema.parse(await readJson(request)))),
);
