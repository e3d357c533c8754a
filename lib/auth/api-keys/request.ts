import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/types";
import { currentUser, readCookie } from "../session";
import { SESSION_COOKIE } from "../session-cookie";
import { authenticateApiKey, UNKNOWN_KEY } from "./authenticate";
import { API_KEY_PATTERN } from "./format";

// Who a request to an `/api/*` route acts as: the holder of its session cookie, or the owner of
// its API key (`Authorization: Bearer <key>`). A request with both is refused: which of the two
// should win is a guess, and a script that picked up a browser's cookie is better told so.

const WHOLE_KEY = new RegExp(`^${API_KEY_PATTERN.source}$`);

/** The request's bearer credential: null without an Authorization header, "" for one that is not `Bearer <something>`. */
export function bearerKey(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header === null) return null;
  return /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? "";
}

export async function userOfRequest(request: Request): Promise<SessionUser> {
  const key = bearerKey(request);
  if (key === null) {
    const user = await currentUser(request);
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in to continue.");
    return user;
  }
  if (readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== null) {
    throw new AppError("bad_request", "Send either an API key or a session cookie, not both.");
  }
  if (key === "") throw new AppError("unauthorized", "Send the API key as the header “Authorization: Bearer <key>”.");
  if (!WHOLE_KEY.test(key)) throw new AppError("unauthorized", UNKNOWN_KEY);
  return authenticateApiKey(key, env().API_KEY_REQUESTS_PER_MINUTE);
}
