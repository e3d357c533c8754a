// GET /api/products (one page of the products this app created) and POST /api/products (multipart upload).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { parseProductQuery } from "@/lib/schemas/product-query";
import { listProductPage } from "@/lib/studio/product-list";
import { createProductFromUpload } from "@/lib/studio/products";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) =>
  json(await listProductPage(parseProductQuery(new URL(request.url).searchParams))),
);

export const POST = withSession(
  async ({ request, user }) => json(await createProductFromUpload(request, user), { status: 201 }),
  { action: "create" },
);
