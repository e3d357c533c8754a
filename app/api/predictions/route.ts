// GET /api/predictions (every prediction of the account, newest first; with ?limit=/cursor= or
// any gallery filter, one page of the shared index) and POST (create one).
import { readJsonOrForm } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { GALLERY_QUERY_KEYS, parseGalleryQuery } from "@/lib/schemas/gallery-query";
import { createPredictionSchema } from "@/lib/schemas/prediction";
import { listPredictionPage } from "@/lib/studio/gallery";
import { createPredictionFor, listPredictionViews } from "@/lib/studio/predictions";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  // The plain call keeps answering the bare array, as it did before paging existed.
  if (!GALLERY_QUERY_KEYS.some((key) => params.has(key))) return json(await listPredictionViews());
  return json(await listPredictionPage(parseGalleryQuery(params)));
});

export const POST = withSession(
  async ({ request, user }) => {
    const input = createPredictionSchema.parse(await readJsonOrForm(request));
    return json(await createPredictionFor(input, user), { status: 201 });
  },
  { action: "create" },
);
