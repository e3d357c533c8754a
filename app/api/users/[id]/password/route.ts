// POST /api/users/{id}/password: an admin resets someone's password to a generated one-time one.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { resetPasswordView } from "@/lib/studio/users";

export const dynamic = "force-dynamic";

export const POST = withSession(async ({ params, user }) => json(await resetPasswordView(params.id, user)), {
  action: "manage_users",
});
