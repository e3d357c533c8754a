// GET /api/reviews/queue?limit=&cursor=&sort=&product_id=&campaign_id=: images nobody has approved or rejected yet,
// oldest (or newest) first, of every product or one; with the products that have any waiting.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { reviewQueueQuerySchema } from "@/lib/schemas/review";
import { reviewQueue } from "@/lib/studio/reviews";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return json(await reviewQueue(reviewQueueQuerySchema.parse(query)));
});
