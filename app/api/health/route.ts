// GET /api/health: the app is up; says whether the service answers. No session needed.
import { json } from "@/lib/api/respond";
import { withoutSession } from "@/lib/api/with-session";
import { pingService } from "@/lib/service";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async () => {
  const service = (await pingService()) ? "up" : "down";
  return json({ status: "ok", service });
});
