// GET /api/products/{id}: one product with its current lora_enabled. PATCH: rename, archive or
// bring back (the registry's; the service has no product update).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { productChangeSchema } from "@/lib/schemas/product";
import { changeProduct } from "@/lib/studio/product-care";
import { getProductView } from "@/lib/studio/products";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await getProductView(params.id)));

export const PATCH = withSession(
  async ({ request, params, user }) =>
    json(await changeProduct(params.id, productChangeSchema.parse(await readJson(request)), user)),
  { action: "create" },
);
