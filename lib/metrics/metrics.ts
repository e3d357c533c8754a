import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { OTHER_ROUTE, routePattern } from "./route-pattern";

// What an operator can see of this process (GET /api/metrics, Prometheus text): counters bumped
// where the work happens (the route wrapper, the service client, the database client, uploads),
// and the process's own figures (memory, event-loop delay). Gauges of the installation's state
// are read from the database at scrape time (database-gauges.ts).
//
// Every label is bounded and public: a route pattern, an HTTP method and status, a service
// operation, a job state, an error class. Never an id, an email, a token or a raw path.
//
// Kept on globalThis: Next loads route bundles and instrumentation.ts as separate module graphs,
// and every one of them must count into the same registry.

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Histogram({
      name: "studio_http_request_duration_seconds",
      help: "API requests by route pattern, method and status, with their durations (the _count is the number of requests)",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    serviceCalls: new Counter({
      name: "studio_service_calls_total",
      help: "Calls to the Product Visualization Service by operation and outcome (an HTTP status, or timeout / network)",
      labelNames: ["operation", "status"] as const,
      registers: [registry],
    }),
    serviceDuration: new Histogram({
      name: "studio_service_call_duration_seconds",
      help: "How long calls to the service took, by operation",
      labelNames: ["operation"] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      registers: [registry],
    }),
    serviceThrottled: new Counter({
      name: "studio_service_throttled_total",
      help: "Service answers 429 Too Many Requests, by operation",
      labelNames: ["operation"] as const,
      registers: [registry],
    }),
    serviceRetries: new Counter({
      name: "studio_service_retries_total",
      help: "Reads sent to the service again after a transient failure, by operation",
      labelNames: ["operation"] as const,
      registers: [registry],
    }),
    dbErrors: new Counter({
      name: "studio_db_errors_total",
      help: "Database queries that failed, by database kind and error class (SQLSTATE class, or connection)",
      labelNames: ["kind", "class"] as const,
      registers: [registry],
    }),
    uploadsInFlight: new Gauge({
      name: "studio_uploads_in_flight",
      help: "Product uploads and texture checks this process is receiving or working on (each holds an upload slot)",
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof create>;
const holder = globalThis as typeof globalThis & { __productStudioMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__productStudioMetrics ??= create();
  return holder.__productStudioMetrics;
}

/** One API request, answered (the route wrapper's `traced`). */
export function observeRequest(method: string, pathname: string, status: number, seconds: number): void {
  const route = routePattern(pathname);
  metrics().httpRequests.observe(
    { route, method: METHODS.has(method) ? method : OTHER_ROUTE, status: String(status) },
    seconds,
  );
}

/** One call to the service, answered or not: its status, or `timeout` / `network`. */
export function observeServiceCall(operation: string, status: number | "timeout" | "network", seconds: number): void {
  const m = metrics();
  m.serviceCalls.inc({ operation, status: String(status) });
  m.serviceDuration.observe({ operation }, seconds);
  if (status === 429) m.serviceThrottled.inc({ operation });
}

export function countServiceRetry(operation: string): void {
  metrics().serviceRetries.inc({ operation });
}

/** The error class of a failed query: PostgreSQL's SQLSTATE class ("23" integrity, "40" rollback, "08" connection), or `connection` for a socket error. */
export function dbErrorClass(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code.slice(0, 2);
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return "connection";
  return "other";
}

export function countDbError(kind: "pglite" | "postgres", error: unknown): void {
  metrics().dbErrors.inc({ kind, class: dbErrorClass(error) });
}

/** Counts `fn` as an upload in flight while it runs. */
export async function countUpload<T>(fn: () => Promise<T>): Promise<T> {
  const gauge = metrics().uploadsInFlight;
  gauge.inc();
  try {
    return await fn();
  } finally {
    gauge.dec();
  }
}
