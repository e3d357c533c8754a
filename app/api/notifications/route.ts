// GET /api/notifications: the signed-in person's recent notifications (the bell).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { myNotifications } from "@/lib/studio/notify";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ user }) => json(await myNotifications(user)));
