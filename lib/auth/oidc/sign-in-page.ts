import "server-only";
import { clearedFlowCookieHeader } from "./flow";
import type { SsoRefusal } from "./refusals";

/** Back to the sign-in page, which says in words why (`?sso=`), the flow cookie cleared. */
export function signInPageWith(reason: SsoRefusal, next: string): Response {
  const query = new URLSearchParams({ sso: reason });
  if (next !== "/") query.set("next", next);
  return new Response(null, {
    status: 303,
    headers: { location: `/sign-in?${query}`, "set-cookie": clearedFlowCookieHeader(), "cache-control": "no-store" },
  });
}
