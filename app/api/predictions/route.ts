// GET /api/predictions (one page of the gallery's index: ?limit=&cursor=&product_id=&from=&to=
// &aspect_ratio=&q=&sort=&review=) and POST (create one).
import { readJsonOrForm } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { parseGalleryQuery } from "@/lib/schemas/gallery-query";
import { createPredictionSchema } from "@/lib/schemas/prediction";
import { listGalleryPage } from "@/lib/studio/gallery";
import { createPredictionFor } from "@/lib/studio/predictions";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => json(await listGalleryPage(parseGalleryQuery(new URL(request.url).searchParams))));

export const POST = withSession(
  async ({ request, user }) => {
    const input = createPredictionSchema.parse(await readJsonOrForm(request));
    return json(await createPredictionFor(input, user), { status: 201 });
  },
  { action: "create" },
);
