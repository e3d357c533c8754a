// POST /api/predictions/batch: one prompt in several aspect ratios, or N variations, each its
// own prediction; answers every item's outcome (200 all created, 207 when any was not).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { batchPredictionSchema } from "@/lib/schemas/batch";
import { batchStatus, runBatch } from "@/lib/studio/batch";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ request, user }) => {
    const result = await runBatch(batchPredictionSchema.parse(await readJson(request)), user);
    return json(result, { status: batchStatus(result) });
  },
  { action: "create" },
);
