// GET /api/users (every account) and POST /api/users (create, or invite with a one-time password).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createUserSchema } from "@/lib/schemas/user";
import { createUserView, listUserViews } from "@/lib/studio/users";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await listUserViews()), { action: "manage_users" });

export const POST = withSession(
  async ({ request, user }) =>
    json(await createUserView(createUserSchema.parse(await readJson(request)), user), { status: 201 }),
  { action: "manage_users" },
);
