// PATCH /api/users/{id} (role, disabled) and DELETE /api/users/{id}.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { updateUserSchema } from "@/lib/schemas/user";
import { deleteUserView, updateUserView } from "@/lib/studio/users";

export const dynamic = "force-dynamic";

export const PATCH = withSession(
  async ({ request, params, user }) =>
    json(await updateUserView(params.id, updateUserSchema.parse(await readJson(request)), user)),
  { action: "manage_users" },
);

export const DELETE = withSession(
  async ({ params, user }) => {
    await deleteUserView(params.id, user);
    return new Response(null, { status: 204 });
  },
  { action: "manage_users" },
);
