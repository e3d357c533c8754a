import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { addressInList, type AddressRange } from "@/lib/net/address-list";

// Who may read GET /api/metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>`, or one
// whose address is in METRICS_ALLOW. With neither configured the route does not exist (404).
// The token is compared in constant time: both sides are hashed first, so neither the content
// nor the length of the real token can be learnt from how long a wrong guess takes.

export type MetricsAccess = "allowed" | "not_configured" | "unauthorized" | "forbidden";

export interface MetricsAccessConfig {
  token?: string;
  allow: readonly AddressRange[];
}

export function metricsAccess(
  authorization: string | null,
  address: string | null,
  config: MetricsAccessConfig,
): MetricsAccess {
  if (!config.token && config.allow.length === 0) return "not_configured";
  if (config.token && authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match && sameSecret(match[1], config.token)) return "allowed";
  }
  if (addressInList(address, config.allow)) return "allowed";
  // With a token configured the caller is asked for it; with addresses only, it may not come in.
  return config.token ? "unauthorized" : "forbidden";
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
