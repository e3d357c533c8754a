// GET /api/metrics: the Prometheus scrape (lib/metrics), for operators only: the bearer of
// METRICS_TOKEN, or an address in METRICS_ALLOW; with neither configured there is no such route.
import { withoutSession } from "@/lib/api/with-session";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { metricsAccess } from "@/lib/metrics/access";
import { scrape } from "@/lib/studio/metrics-scrape";
import { clientAddress } from "@/lib/net/client-address";
import { parseAddressList } from "@/lib/net/address-list";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async (request) => {
  const { METRICS_TOKEN, METRICS_ALLOW } = env();
  const access = metricsAccess(request.headers.get("authorization"), clientAddress(request), {
    token: METRICS_TOKEN,
    allow: METRICS_ALLOW ? parseAddressList(METRICS_ALLOW) : [],
  });
  if (access === "not_configured") throw new AppError("not_found", "There is nothing here.");
  if (access === "unauthorized")
    throw new AppError("unauthorized", "The metrics need the operator's token (Authorization: Bearer …).");
  if (access === "forbidden") throw new AppError("forbidden", "The metrics are not open to this address.");
  const { body, contentType } = await scrape();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
