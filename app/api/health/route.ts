// GET /api/health: the app answers; says which of its parts answer too (the database, the
// service). Always 200 while the process serves: an operator reads it; a load balancer reads
// GET /api/ready. No session needed.
import { json } from "@/lib/api/respond";
import { withoutSession } from "@/lib/api/with-session";
import { pingDatabase } from "@/lib/db/ping";
import { pingService } from "@/lib/service";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async () => {
  const [database, service] = await Promise.all([pingDatabase(), pingService()]);
  return json({
    status: database && service ? "ok" : "degraded",
    database: database ? "up" : "down",
    service: service ? "up" : "down",
  });
});
