// GET /api/prompts/scenes?template_id=: "scenes that work for this template", the highest approval rate first.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getDb } from "@/lib/db/client";
import { scenesQuerySchema } from "@/lib/schemas/prompt";
import { scenesThatWork } from "@/lib/usage/approvals";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const query = scenesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json({ items: await scenesThatWork(await getDb(), query.template_id) });
});
