import { AppError } from "@/lib/errors";

// A database that cannot be reached is a passing fault, not the person's doing and not a bug:
// every request that needs it is answered 503 with words and Retry-After, quickly, and works
// again by itself once it is back. Told apart from query errors (a bad statement, a constraint)
// by the driver's codes: connection failures, and the SQLSTATE classes of a server going away.

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// 08: connection exception; 57P01–57P03: the server shutting down, crashed, or not yet accepting.
const SQLSTATE = /^(08...|57P0[1-3])$/;
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection ended unexpectedly/i,
];

export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
    const inner = (current as { errors?: unknown[] }).errors;
    current = Array.isArray(inner) && inner.length > 0 ? inner[0] : (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The error every route answers while the database is away. */
export function databaseUnavailable(cause: unknown): AppError {
  return new AppError(
    "service_unavailable",
    "Product Studio cannot reach its database right now. Nothing you saved is lost; please try again in a moment.",
    {
      retryAfter: RETRY_AFTER_SECONDS,
      cause,
    },
  );
}

/** Runs a database call; a connection failure becomes the 503 above, anything else is left as it was. */
export async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isDatabaseUnreachable(error) ? databaseUnavailable(error) : error;
  }
}
