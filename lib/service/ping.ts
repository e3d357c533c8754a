import "server-only";
import { coalesce } from "./coalesce";
import { timeCall } from "./call-metrics";
import { serviceConfig } from "./config";
import { requestIdHeader } from "./http";
import { servicePath } from "./ids";

const PING_TIMEOUT_MS = 3_000;

/**
 * Whether the service answers an authenticated GET /template/ right now: one quick try, no
 * retries, shared by concurrent health checks for 1 s. Used by GET /api/health.
 */
export function pingService(): Promise<boolean> {
  return coalesce("ping", 1_000, async () => {
    const url = servicePath`/template/`;
    const call = timeCall("GET", url);
    try {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${serviceConfig().token}`, ...requestIdHeader() },
        redirect: "manual",
        cache: "no-store",
        signal: AbortSignal.timeout(PING_TIMEOUT_MS),
      });
      await response.body?.cancel();
      call.answered(response.status);
      return response.ok;
    } catch (error) {
      call.failed(error);
      return false;
    }
  });
}
