// The API port: the interface under the prefix (auth → call count → faults → route → permission →
// "answer" faults on the way out) and the control API under /_control. Client input never produces a 500.
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate, type Caller } from "./auth";
import type { Deps, Route } from "./context";
import type { Fault } from "./control-state";
import { onSuccessAnswer, sendError, ServiceError } from "./http";
import { controlRoutes } from "./routes-control";
import { predictionRoutes } from "./routes-predictions";
import { productRoutes } from "./routes-products";
import { templateRoutes } from "./routes-templates";

const API_ROUTES: Route[] = [...templateRoutes, ...productRoutes, ...predictionRoutes];
const CONTROL_PREFIX = "/_control";

function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  if (fault.kind === "hang") return; // no answer at all: the socket stays open until either side closes it
  if (fault.kind === "rate429") {
    return sendError(res, 429, "Too many requests. Please retry later.", { "Retry-After": String(fault.retryAfter) });
  }
  const [status, text] = fault.kind === "html503" ? [503, "Service Unavailable"] : [502, "Bad Gateway"];
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(
    `<!DOCTYPE html>\n<html><head><title>${status} ${text}</title></head><body><h1>${status} ${text}</h1><hr><p>upstream proxy</p></body></html>\n`,
  );
}

/**
 * "late" and "drop" act on the answer of a request that was handled and succeeded, so what it made
 * stays made: "late" writes the answer only after `delayMs` (a client with a shorter timeout gives up
 * although the prediction exists); "drop" closes the connection without any answer.
 */
function applyAnswerFaults(key: string, res: ServerResponse, deps: Deps): void {
  onSuccessAnswer(res, (write) => {
    const fault = deps.control.takeFault(key, "answer");
    if (!fault) return write();
    if (fault.kind === "drop") return void res.socket?.destroy();
    // A client that went away meanwhile (or a service closing its connections) cancels the write.
    const timer = setTimeout(() => {
      if (!res.destroyed && !res.writableEnded) write();
    }, fault.delayMs);
    res.once("close", () => clearTimeout(timer));
  });
}

async function dispatch(
  routes: Route[],
  path: string,
  caller: Caller,
  req: IncomingMessage,
  res: ServerResponse,
  deps: Deps,
) {
  const method = req.method ?? "GET";
  const matching = routes.filter((route) => route.pattern.test(path));
  if (matching.length === 0) throw new ServiceError(404, `No resource at ${req.method} ${req.url?.split("?")[0]}`);
  const route = matching.find((r) => r.method === method);
  if (!route) {
    throw new ServiceError(405, `Method ${method} is not allowed here`, {
      Allow: matching.map((r) => r.method).join(", "),
    });
  }
  if (method !== "GET" && caller.access !== "full") throw new ServiceError(403, "Insufficient permissions");
  let params: string[];
  try {
    params = (route.pattern.exec(path) ?? []).slice(1).map((p) => decodeURIComponent(p));
  } catch {
    throw new ServiceError(404, `No resource at ${method} ${path}`);
  }
  await route.handler({ req, res, params, caller }, deps);
}

export function apiRequestHandler(deps: Deps) {
  const prefix = deps.config.apiPrefix;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = (req.url ?? "/").split("?")[0];
    try {
      const isApi = pathname.startsWith(`${prefix}/`);
      const isControl = pathname.startsWith(`${CONTROL_PREFIX}/`);
      if (!isApi && !isControl) throw new ServiceError(404, `No resource at ${req.method} ${pathname}`);
      const caller = authenticate(req.headers.authorization, deps.config.tokens);
      if (!caller) throw new ServiceError(401, "Invalid or missing API token");
      if (isControl) {
        if (caller.access !== "full") throw new ServiceError(403, "Insufficient permissions");
        return await dispatch(controlRoutes, pathname.slice(CONTROL_PREFIX.length), caller, req, res, deps);
      }
      const key = `${req.method} ${pathname}`;
      deps.control.recordCall(key);
      const fault = deps.control.takeFault(key);
      if (fault) return applyFault(fault, req, res);
      applyAnswerFaults(key, res, deps);
      await dispatch(API_ROUTES, pathname.slice(prefix.length), caller, req, res, deps);
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      req.resume();
      if (err instanceof ServiceError) return sendError(res, err.status, err.message, err.headers);
      deps.config.log(`error on ${req.method} ${pathname}: ${(err as Error).stack ?? err}`);
      sendError(res, 500, "Internal error");
    }
  };
}
