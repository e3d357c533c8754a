// POST /api/predictions/batch: one prompt in several aspect ratios, or N variations, each its
// own prediction, sent by the shot engine at the front of its queue. Answers every item: 200 all
// made, 202 some queued (the service asked to slow down; sent by themselves once it allows),
// 207 when any was refused.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { batchStatus, runBatch } from "@/lib/campaigns/batch";
import { batchPredictionSchema } from "@/lib/schemas/batch";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ request, user }) => {
    const result = await runBatch(batchPredictionSchema.parse(await readJson(request)), user);
    return json(result, { status: batchStatus(result) });
  },
  { action: "create" },
);
