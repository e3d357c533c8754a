// GET /api/products (the products this app created) and POST /api/products (multipart upload).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createProductFromUpload, listProductViews } from "@/lib/studio/products";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await listProductViews()));

export const POST = withSession(
  async ({ request, user }) => json(await createProductFromUpload(request, user), { status: 201 }),
  { action: "create" },
);
