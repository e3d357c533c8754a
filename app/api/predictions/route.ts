// GET /api/predictions (one page of the gallery's index: ?limit=&cursor=&product_id=&campaign_id=
// &from=&to=&aspect_ratio=&q=&sort=&review=) and POST (create one: 201 with it, or 202 when the
// service asked to slow down and the shot waits in the queue, to be sent once).
import { readJsonOrForm } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { parseGalleryQuery } from "@/lib/schemas/gallery-query";
import { createPredictionSchema } from "@/lib/schemas/prediction";
import { listGalleryPage } from "@/lib/studio/gallery";
import { createShot } from "@/lib/campaigns/batch";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) =>
  json(await listGalleryPage(parseGalleryQuery(new URL(request.url).searchParams))),
);

export const POST = withSession(
  async ({ request, user }) => {
    const input = createPredictionSchema.parse(await readJsonOrForm(request));
    const made = await createShot(input, user);
    return "prediction" in made ? json(made.prediction, { status: 201 }) : json(made.queued, { status: 202 });
  },
  { action: "create" },
);
