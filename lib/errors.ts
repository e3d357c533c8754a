// One error contract for the whole app. Every error that reaches a browser is an AppError turned
// into `{ error, message }` with its status, the same shape as the service's own error bodies.

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "bad_gateway"
  | "service_unavailable"
  | "gateway_timeout"
  | "internal";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  bad_gateway: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
  internal: 500,
};

/** The HTTP status names the service uses in its `error` field. */
const STATUS_NAME: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusName(status: number): string {
  return STATUS_NAME[status] ?? (status >= 500 ? "Internal Server Error" : "Bad Request");
}

export function codeForStatus(status: number): ErrorCode {
  const found = (Object.keys(STATUS) as ErrorCode[]).find((code) => STATUS[code] === status);
  return found ?? (status >= 500 ? "bad_gateway" : "bad_request");
}

// Next bundles a module once per entry: the instrumentation's copy (the database client and the
// background loops it starts) and a route's copy are two classes. A brand shared through the
// global symbol registry lets every copy know the others' errors.
const BRAND = Symbol.for("product-studio.app-error");

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds, when the caller should wait before trying again (429, 503). */
  readonly retryAfter?: number;
  /** True when the status and message came from the service and pass through unchanged. */
  readonly fromService: boolean;
  /** The body's `error` when a client must tell this case apart (default: the status name). */
  readonly errorName?: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: number; retryAfter?: number; fromService?: boolean; errorName?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    (this as unknown as Record<symbol, boolean>)[BRAND] = true;
    this.code = code;
    this.status = options.status ?? STATUS[code];
    this.retryAfter = options.retryAfter;
    this.fromService = options.fromService ?? false;
    this.errorName = options.errorName;
  }

  /** The body every error response carries. */
  toBody(): { error: string; message: string } {
    return { error: this.errorName ?? statusName(this.status), message: this.message };
  }
}

/** True for an AppError of any bundle's copy of this module (see BRAND). */
export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
