// The service's one error contract and response helpers: every error body is `{ error, message }`.
import type { IncomingMessage, ServerResponse } from "node:http";

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Decides how a success answer leaves: `write` sends it; not calling it holds or drops it. */
export type SuccessHook = (write: () => void) => void;

// Keyed by the response so route handlers keep calling sendJson as ever (see router: "late", "drop").
const successHooks = new WeakMap<ServerResponse, SuccessHook>();

/** The next 2xx answer sent with sendJson on `res` goes through `hook`; errors always go straight out. */
export function onSuccessAnswer(res: ServerResponse, hook: SuccessHook): void {
  successHooks.set(res, hook);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  const write = () => {
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
      "Cache-Control": "no-store",
      ...headers,
    });
    res.end(text);
  };
  const hook = status < 300 ? successHooks.get(res) : undefined;
  if (!hook) return write();
  successHooks.delete(res);
  hook(write);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: STATUS_NAMES[status] ?? "Error", message }, headers);
}

/** Reads a small non-file body (JSON or urlencoded), refusing anything over `limit` bytes. */
export async function readSmallBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ServiceError(413, `Request body exceeds ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readSmallBody(req);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(400, "Request body is not valid JSON");
  }
}
