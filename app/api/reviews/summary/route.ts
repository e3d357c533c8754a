// GET /api/reviews/summary: how many images await review, for the dashboard.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { awaitingReviewCount } from "@/lib/studio/reviews";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json({ awaiting: await awaitingReviewCount() }));
