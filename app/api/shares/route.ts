// GET /api/shares (my links; every link for an admin) and POST /api/shares (make one).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createShareSchema } from "@/lib/schemas/share";
import { createShare, listSharesFor } from "@/lib/studio/shares";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ user }) => json(await listSharesFor(user)));

// Sharing hands images to people outside the app: the same right as downloading them.
export const POST = withSession(
  async ({ request, user }) =>
    json(await createShare(createShareSchema.parse(await readJson(request)), user), { status: 201 }),
  { action: "download" },
);
