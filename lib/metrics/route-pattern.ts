// The route pattern of an API path, for the request metrics' `route` label: `/api/campaigns/[id]`,
// never `/api/campaigns/cmp_8f2…`. A label per raw path would grow without bound (every id a new
// series) and would carry what the path carries (a share link's token). The list is the folders
// of app/api; route-pattern.test.ts checks it against them, so a new route cannot be forgotten.

export const API_ROUTES = [
  "/api/account/password",
  "/api/audit",
  "/api/budgets",
  "/api/campaigns",
  "/api/campaigns/[id]",
  "/api/campaigns/[id]/[action]",
  "/api/campaigns/[id]/zip",
  "/api/campaigns/estimate",
  "/api/events",
  "/api/health",
  "/api/images/download",
  "/api/images/thumb",
  "/api/keys",
  "/api/keys/[id]",
  "/api/metrics",
  "/api/notifications",
  "/api/notifications/read",
  "/api/openapi.json",
  "/api/predictions",
  "/api/predictions/[id]",
  "/api/predictions/[id]/reviews",
  "/api/predictions/[id]/reviews/undo",
  "/api/predictions/batch",
  "/api/predictions/refresh",
  "/api/predictions/zip",
  "/api/products",
  "/api/products/[id]",
  "/api/products/[id]/lora",
  "/api/products/[id]/preview",
  "/api/products/[id]/texture-advice",
  "/api/products/[id]/textures/[key]",
  "/api/products/[id]/versions",
  "/api/products/ids",
  "/api/prompts/history",
  "/api/prompts/presets",
  "/api/prompts/presets/[id]",
  "/api/prompts/scenes",
  "/api/push/key",
  "/api/push/subscriptions",
  "/api/ready",
  "/api/reviews/queue",
  "/api/reviews/summary",
  "/api/service-accounts",
  "/api/service-accounts/[id]/keys",
  "/api/session",
  "/api/session/sso",
  "/api/session/sso/callback",
  "/api/settings/notifications",
  "/api/settings/password-sign-in",
  "/api/share/[token]",
  "/api/share/[token]/download",
  "/api/share/[token]/image",
  "/api/share/[token]/sign-off",
  "/api/shares",
  "/api/shares/[id]",
  "/api/shares/preview",
  "/api/templates",
  "/api/templates/[id]",
  "/api/textures/check",
  "/api/usage",
  "/api/usage/approvals",
  "/api/usage/csv",
  "/api/users",
  "/api/users/[id]",
  "/api/users/[id]/password",
  "/api/webhooks",
  "/api/webhooks/[id]",
] as const;

/** What a path that matches no route is counted under (a 404 for a made-up path). */
export const OTHER_ROUTE = "other";

const isDynamic = (segment: string) => segment.startsWith("[") && segment.endsWith("]");
const ROUTES = API_ROUTES.map((route) => ({ route, segments: route.split("/").slice(1) }));

/**
 * The route a path is served by, chosen as Next chooses it: a static segment wins over a dynamic
 * one at the same depth (`/api/products/ids` is not `/api/products/[id]`).
 */
export function routePattern(pathname: string): string {
  const segments = pathname.replace(/\/+$/, "").split("/").slice(1);
  let best: (typeof ROUTES)[number] | null = null;
  for (const candidate of ROUTES) {
    if (candidate.segments.length !== segments.length) continue;
    if (!candidate.segments.every((s, i) => (isDynamic(s) ? segments[i] !== "" : s === segments[i]))) continue;
    if (!best || moreStatic(candidate.segments, best.segments)) best = candidate;
  }
  return best?.route ?? OTHER_ROUTE;
}

function moreStatic(a: string[], b: string[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (isDynamic(a[i]) !== isDynamic(b[i])) return !isDynamic(a[i]);
  }
  return false;
}
