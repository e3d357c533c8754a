// GET /api/products/{id}: one product with its current lora_enabled.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getProductView } from "@/lib/studio/products";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await getProductView(params.id)));
