// GET /api/prompts/history?template_id=&limit=: my distinct recent prompts, newest first.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { promptHistoryQuerySchema } from "@/lib/schemas/prompt";
import { promptHistoryFor } from "@/lib/studio/prompts";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request, user }) => {
  const query = promptHistoryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json({ items: await promptHistoryFor(user, query) });
});
