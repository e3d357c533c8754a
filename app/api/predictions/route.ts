// GET /api/predictions (every prediction of the account, newest first) and POST (create one).
import { readJsonOrForm } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createPredictionSchema } from "@/lib/schemas/prediction";
import { createPredictionFor, listPredictionViews } from "@/lib/studio/predictions";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await listPredictionViews()));

export const POST = withSession(
  async ({ request, user }) => {
    const input = createPredictionSchema.parse(await readJsonOrForm(request));
    return json(await createPredictionFor(input, user), { status: 201 });
  },
  { action: "create" },
);
