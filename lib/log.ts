import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { API_KEY_PATTERN } from "@/lib/auth/api-keys/format";

// The one logger of the app's server: structured JSON lines (pino) on stdout, each carrying the
// id of the request it belongs to. Secrets never reach it: the paths below are censored even if a
// caller passes a whole object, and callers log ids and messages, never headers or bodies.

interface RequestContext {
  requestId: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `requestId` attached to every log line (and service call) made inside it. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

// A share link's token is its whole permission: wherever a `/share/<token>` path turns up in a
// line (a request path, an error message, a URL inside a field), the token is cut out before
// the line is written. Done on the finished line so no field, however nested, slips past.
const SHARE_TOKEN = /(\/|%2F)(share(?:\/|%2F))[A-Za-z0-9_-]{8,}/gi;

export function redactShareTokens(line: string): string {
  return line.replace(SHARE_TOKEN, "$1$2[redacted]");
}

// An API key, wherever it turns up (a header someone logged whole, an error quoting a URL), and
// whatever follows "Bearer " however it is spelled: the same cut, on the finished line.
const API_KEY = new RegExp(API_KEY_PATTERN.source.replace("{43}", "{8,}"), "g");
const BEARER = /(bearer(?:\s|%20|\+)+)[^\s"',;]+/gi;

export function redactSecrets(line: string): string {
  return redactShareTokens(line).replace(API_KEY, "psk_[redacted]").replace(BEARER, "$1[redacted]");
}

const redactingStdout = {
  write(line: string) {
    process.stdout.write(redactSecrets(line));
  },
};

export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "cookie",
        "*.cookie",
        "authorization",
        "*.authorization",
        "Authorization",
        "*.Authorization",
        "headers",
        "*.headers",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  },
  redactingStdout,
);
