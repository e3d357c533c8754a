// GET /api/reviews/queue?limit=&cursor=: images nobody has approved or rejected yet, oldest first.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { reviewQueueQuerySchema } from "@/lib/schemas/review";
import { reviewQueue } from "@/lib/studio/reviews";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return json(await reviewQueue(reviewQueueQuerySchema.parse(query)));
});
