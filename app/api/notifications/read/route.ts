// POST /api/notifications/read: marks the given notifications (or all) read.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { markReadSchema } from "@/lib/schemas/notify";
import { markMyNotificationsRead } from "@/lib/studio/notify";

export const dynamic = "force-dynamic";

export const POST = withSession(async ({ request, user }) => {
  const { ids } = markReadSchema.parse(await readJson(request));
  return json(await markMyNotificationsRead(user, ids));
});
