import { randomUUID } from "node:crypto";

// Each request's id: the caller's own `x-request-id` when it is well formed (a proxy in front may
// already have given one, so its lines and ours join up), else a new one. Anything else is
// replaced, so a header cannot smuggle line breaks or a secret-sized blob into every log line.

export const REQUEST_ID_HEADER = "x-request-id";
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && WELL_FORMED.test(given) ? given : randomUUID();
}
