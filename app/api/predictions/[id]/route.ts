// GET /api/predictions/{id}: one prediction with prompt, aspect_ratio, images and status.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getPredictionView } from "@/lib/studio/predictions";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await getPredictionView(params.id)));
