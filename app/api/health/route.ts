// GET /api/health: the app is up; says whether the service answers. No session needed.
import { json } from "@/lib/api/respond";
import { pingService } from "@/lib/service";

export const dynamic = "force-dynamic";

export async function GET() {
  const service = (await pingService()) ? "up" : "down";
  return json({ status: "ok", service });
}
