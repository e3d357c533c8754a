// PATCH /api/shares/{id} (turn visitors' sign-off on or off) and DELETE (revoke): one's own link; an admin's any.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { shareChangeSchema } from "@/lib/schemas/share";
import { changeShareFor, revokeShareFor } from "@/lib/studio/shares";

export const dynamic = "force-dynamic";

export const PATCH = withSession(
  async ({ request, params, user }) =>
    json(await changeShareFor(params.id, shareChangeSchema.parse(await readJson(request)), user)),
  { action: "download" },
);

export const DELETE = withSession(
  async ({ params, user }) => {
    await revokeShareFor(params.id, user);
    return new Response(null, { status: 204 });
  },
  { action: "download" },
);
