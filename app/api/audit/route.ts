// GET /api/audit?cursor&limit&actor&action: the activity log, newest first (admins only).
import { listAuditEvents } from "@/lib/audit/list";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { parseAuditQuery } from "@/lib/schemas/audit-query";

export const dynamic = "force-dynamic";

export const GET = withSession(
  async ({ request }) => json(await listAuditEvents(parseAuditQuery(new URL(request.url).searchParams))),
  // Who did what is for the people who run the team: the same right as managing its accounts.
  { action: "manage_users" },
);
