// POST /api/predictions/refresh: a person's "refresh" of the gallery. The index reads the
// service's list again now (not more than once per few seconds for the whole installation;
// 429 with Retry-After otherwise) and answers once the rows are in step.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { refreshPredictionIndex } from "@/lib/studio/prediction-index";

export const dynamic = "force-dynamic";

export const POST = withSession(async () => json(await refreshPredictionIndex()), { action: "view" });
