// POST /api/products/{id}/lora: starts LoRA training; the service's { result } verbatim.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { startLora } from "@/lib/studio/products";

export const dynamic = "force-dynamic";

export const POST = withSession(async ({ params, user }) => json(await startLora(params.id, user)), { action: "create" });
