// GET /api/prompts/scenes?template_id=: "scenes that work for this template", the highest approval rate first.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { scenesThatWork } from "@/lib/usage/approvals";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const templateId = new URL(request.url).searchParams.get("template_id");
  if (!templateId || templateId.length > 200) throw new AppError("bad_request", "template_id is required");
  return json({ items: await scenesThatWork(await getDb(), templateId) });
});
