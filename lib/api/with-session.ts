import "server-only";
import { bearerKey, userOfRequest } from "@/lib/auth/api-keys/request";
import { withKeyUse, type KeyUse } from "@/lib/audit/key-use";
import { recordAudit } from "@/lib/audit/record";
import { can, type Action } from "@/lib/schemas/roles";
import { AppError } from "@/lib/errors";
import { log, withRequestId } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/metrics";
import { routePattern } from "@/lib/metrics/route-pattern";
import type { SessionUser } from "@/lib/types";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";
import { toResponse } from "./respond";
import { DRAINING_RETRY_AFTER_SECONDS, isDraining, requestStarted, untilSent } from "@/lib/shutdown";

/** A request that reaches an instance on its way out: another instance (or this one, restarted) will answer it. */
function shuttingDown(): Response {
  const response = toResponse(
    new AppError("service_unavailable", "Product Studio is restarting. Please try again in a moment.", {
      retryAfter: DRAINING_RETRY_AFTER_SECONDS,
    }),
  );
  response.headers.set("connection", "close");
  return response;
}

type Params = Record<string, string | string[] | undefined>;
interface RouteContext {
  params: Promise<Params>;
}

export interface HandlerArgs {
  request: Request;
  user: SessionUser;
  params: Record<string, string>;
}

export const PASSWORD_CHANGE_REQUIRED = "password_change_required";

/**
 * The one wrapper of every signed-in API route: requires a session cookie or an API key (and the
 * role's right to `action`), refuses cross-site writes made with a cookie, and turns every
 * thrown error into `{ error, message }`. A person whose password the app generated gets a 403
 * `password_change_required` everywhere but the routes marked `duringPasswordChange` (the
 * session and changing the password). Routes marked `sessionOnly` (a person's password, the keys
 * themselves) refuse keys: a leaked key must not make itself a password or more keys.
 */
export function withSession(
  handler: (args: HandlerArgs) => Promise<Response>,
  options: { action?: Action; duringPasswordChange?: boolean; sessionOnly?: boolean } = {},
) {
  return (request: Request, context?: RouteContext): Promise<Response> =>
    traced(request, async () => {
      try {
        // A key is no ambient credential (a browser never adds it by itself): no origin to check.
        if (bearerKey(request) === null) assertSameOrigin(request);
        const user = await userOfRequest(request);
        if (user.api_key && options.sessionOnly) {
          throw new AppError("forbidden", "API keys cannot do this: sign in to Product Studio and do it there.");
        }
        if (user.password_change_required && !options.duringPasswordChange && !user.api_key) {
          throw new AppError("forbidden", "Choose a new password first: the one you signed in with was temporary.", {
            errorName: PASSWORD_CHANGE_REQUIRED,
          });
        }
        const action = options.action ?? "view";
        if (!can(user.role, action)) {
          throw new AppError("forbidden", `Your role (${user.role}) does not allow this.`);
        }
        const params = await stringParams(context);
        if (!user.api_key) return await handler({ request, user, params });
        const use: KeyUse = { keyId: user.api_key.id, keyName: user.api_key.name, ownerId: user.id, audited: false };
        const response = await withKeyUse(use, () => handler({ request, user, params }));
        await auditKeyWrite(request, user, use, response);
        return response;
      } catch (error) {
        return toResponse(error);
      }
    });
}

/** A write made with a key that the route's own audit did not record is recorded here, in general words. */
async function auditKeyWrite(request: Request, user: SessionUser, use: KeyUse, response: Response): Promise<void> {
  if (use.audited || request.method === "GET" || request.method === "HEAD" || response.status >= 400) return;
  await withKeyUse(use, () =>
    recordAudit({
      actor: user,
      action: "api_key.used",
      detail: { method: request.method, route: routePattern(new URL(request.url).pathname) },
    }),
  );
}

/** For the few routes without a session (health, sign-in): same origin check and error mapping. */
export function withoutSession(handler: (request: Request) => Promise<Response>) {
  return (request: Request): Promise<Response> =>
    traced(request, async () => {
      try {
        assertSameOrigin(request);
        return await handler(request);
      } catch (error) {
        return toResponse(error);
      }
    });
}

/**
 * Runs one request under its id: every log line and service call inside carries it, and the
 * answer names it in `x-request-id`, so a person reporting a problem can quote it.
 */
async function traced(request: Request, run: () => Promise<Response>): Promise<Response> {
  const requestId = requestIdOf(request);
  const started = performance.now();
  const done = requestStarted();
  let response: Response;
  try {
    response = isDraining() ? shuttingDown() : await withRequestId(requestId, run);
  } catch (error) {
    done();
    throw error;
  }
  response = untilSent(response, done);
  // On its way out, no answer keeps its connection: clients open their next one elsewhere.
  if (isDraining()) response.headers.set("connection", "close");
  const ms = performance.now() - started;
  const path = new URL(request.url).pathname;
  // The path only: queries may carry what a person typed. Share tokens are cut out by the logger.
  log.info({ requestId, method: request.method, path, status: response.status, ms: Math.round(ms) }, "request");
  observeRequest(request.method, path, response.status, ms / 1000);
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Headers of a response made elsewhere (a redirect, a fetched body) may be immutable.
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

/**
 * Non-GET requests that a browser marks as coming from another site are refused: an `Origin`
 * other than this app's, or `Sec-Fetch-Site: cross-site`. (SameSite=Lax cookies already keep
 * most of them out; this is the second lock.)
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const refuse = () => new AppError("forbidden", "Requests from other sites are not accepted.");
  if (request.headers.get("sec-fetch-site") === "cross-site") throw refuse();
  const origin = request.headers.get("origin");
  if (!origin) return;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw refuse();
  }
  if (!host || originHost !== host) throw refuse();
}

async function stringParams(context?: RouteContext): Promise<Record<string, string>> {
  // Routes without dynamic segments are given no params at all.
  const raw = (context ? await context.params : undefined) ?? {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) if (typeof value === "string") out[key] = value;
  return out;
}
