// GET /api/templates/{id}: one template with loraScene and its texture slots.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getTemplate } from "@/lib/service";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await getTemplate(params.id)));
