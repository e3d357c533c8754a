// GET /api/usage/approvals: what gets approved, by scene, template, aspect ratio and product, and
// how long shots wait for their review.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getDb } from "@/lib/db/client";
import { approvalReport } from "@/lib/usage/approvals";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await approvalReport(await getDb())));
