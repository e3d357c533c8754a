// DELETE /api/shares/{id}: revoke a link (one's own; an admin's any).
import { withSession } from "@/lib/api/with-session";
import { revokeShareFor } from "@/lib/studio/shares";

export const dynamic = "force-dynamic";

export const DELETE = withSession(
  async ({ params, user }) => {
    await revokeShareFor(params.id, user);
    return new Response(null, { status: 204 });
  },
  { action: "download" },
);
