// GET /api/reviews/summary?products=1&campaign_id=: how many images await review, for the dashboard;
// with products=1 also by product, the one count the review queue's picker and page both show.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { reviewSummaryQuerySchema } from "@/lib/schemas/review";
import { awaitingReviewCount, reviewCounts } from "@/lib/studio/reviews";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const query = reviewSummaryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.products && !query.campaign_id) return json({ awaiting: await awaitingReviewCount() });
  return json(await reviewCounts(query.campaign_id));
});
