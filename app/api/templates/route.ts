// GET /api/templates (?lora=available keeps templates whose detail supports LoRA).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { listLoraTemplates, listTemplates } from "@/lib/service";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const lora = new URL(request.url).searchParams.get("lora");
  return json(lora === "available" ? await listLoraTemplates() : await listTemplates());
});
