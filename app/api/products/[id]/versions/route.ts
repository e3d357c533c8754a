// POST /api/products/{id}/versions (multipart): a new product at the service from this one's kept
// textures and the replacements sent, linked to it in the registry (the service has no update).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createVersionFromUpload } from "@/lib/studio/product-versions";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ request, params, user }) => json(await createVersionFromUpload(request, params.id, user), { status: 201 }),
  { action: "create" },
);
