// DELETE /api/keys/{id}: revoke one of your keys (an admin: a service account's key) at once.
import { withSession } from "@/lib/api/with-session";
import { revokeKey } from "@/lib/studio/api-keys";

export const dynamic = "force-dynamic";

export const DELETE = withSession(
  async ({ params, user }) => {
    await revokeKey(user, params.id);
    return new Response(null, { status: 204 });
  },
  { sessionOnly: true },
);
