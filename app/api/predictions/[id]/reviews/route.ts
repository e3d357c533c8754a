// GET /api/predictions/{id}/reviews (per-image state and history) and POST (one review action).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { reviewActionSchema } from "@/lib/schemas/review";
import { getPredictionReviews, reviewImage } from "@/lib/studio/reviews";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await getPredictionReviews(params.id)));

export const POST = withSession(
  async ({ request, user, params }) => {
    const input = reviewActionSchema.parse(await readJson(request));
    return json(await reviewImage(params.id, input, user), { status: 201 });
  },
  { action: "review" },
);
