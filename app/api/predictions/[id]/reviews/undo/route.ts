// POST /api/predictions/{id}/reviews/undo: undo one's own review action ({ event_id }); the image's
// state goes back to what it was before it, and the history marks the action as undone.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { undoReviewSchema } from "@/lib/schemas/review";
import { undoReview } from "@/lib/studio/reviews";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ request, user, params }) => {
    const { event_id } = undoReviewSchema.parse(await readJson(request));
    return json(await undoReview(params.id, event_id, user));
  },
  { action: "review" },
);
