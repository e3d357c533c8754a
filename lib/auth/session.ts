import "server-only";
import { sealData, unsealData } from "iron-session";
import { env } from "@/lib/env";
import type { SessionUser } from "@/lib/types";
import { SESSION_COOKIE } from "./session-cookie";
import { getUserSessionState, revokeSessions, type UserRecord } from "./users";

// The session cookie: an iron-sealed { user id, session epoch, issued-at, and whether it was signed
// in with a password the app generated }. Sealed cookies are
// stateless, so sign-out bumps the user's session epoch in the database and every cookie
// carrying an older epoch is refused (this signs the user out on all their devices).
// Works on plain Request objects, outside Next's request context, so handlers stay testable.

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

interface SealedSession {
  uid: string;
  /** The user's session_epoch when the cookie was sealed. */
  epoch: number;
  /** Issued-at, seconds since the epoch. */
  iat: number;
  /** Signed in with the one-time password the app generated (so it was just typed). */
  otp?: true;
}

export interface SessionClaims {
  userId: string;
  epoch: number;
  issuedAt: number;
  oneTimePassword: boolean;
}

const sealOptions = () => ({ password: env().SESSION_SECRET, ttl: SESSION_MAX_AGE_SECONDS });

/**
 * Seals a cookie value for the user at their current session epoch; `oneTimePassword` when the
 * password just typed was one the app generated (it must be replaced before anything else).
 */
export async function sealSession(
  userId: string,
  { oneTimePassword = false }: { oneTimePassword?: boolean } = {},
): Promise<string> {
  const state = await getUserSessionState(userId);
  if (!state) throw new Error(`sealSession: no user ${userId}`);
  const data: SealedSession = { uid: userId, epoch: state.sessionEpoch, iat: Math.floor(Date.now() / 1000) };
  if (oneTimePassword) data.otp = true;
  return sealData(data, sealOptions());
}

/**
 * The claims of the request's session cookie when it is intact and unexpired, else null.
 * It does not consult the database: authorise with currentUser(), which does.
 */
export async function readSession(request: Request): Promise<SessionClaims | null> {
  const data = await unsealCookie<SealedSession>(request, SESSION_COOKIE, sealOptions());
  if (!data) return null;
  if (typeof data.uid !== "string" || typeof data.epoch !== "number" || typeof data.iat !== "number") {
    return null;
  }
  return { userId: data.uid, epoch: data.epoch, issuedAt: data.iat, oneTimePassword: data.otp === true };
}

/**
 * True while the person must replace a generated password and this session began by typing it:
 * the change then needs no current password, which was typed moments ago. Any reset since moved
 * the session epoch on, so such a cookie no longer counts.
 */
export async function isFirstPasswordChange(request: Request, user: SessionUser): Promise<boolean> {
  return user.password_change_required === true && (await readSession(request))?.oneTimePassword === true;
}

/** The signed-in user, loaded fresh each time: disabled, deleted or signed-out users get null. */
export async function currentUser(request: Request): Promise<SessionUser | null> {
  const claims = await readSession(request);
  if (!claims) return null;
  const state = await getUserSessionState(claims.userId);
  if (!state || state.user.disabledAt !== null || state.sessionEpoch !== claims.epoch) return null;
  return toSessionUser(state.user);
}

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    password_change_required: user.passwordChangeRequired,
    has_password: user.hasPassword,
  };
}

/**
 * Ends the request's session (all of that user's sessions) and returns the clearing Set-Cookie.
 * Only a cookie that is still current ends anything: replaying an old, already signed-out cookie
 * must not end the session the person has started since.
 */
export async function signOut(request: Request): Promise<string> {
  const claims = await readSession(request);
  if (claims) await revokeSessions(claims.userId, claims.epoch);
  return clearedSessionCookieHeader();
}

export function sessionCookieHeader(sealed: string): string {
  return cookieHeader(sealed, SESSION_MAX_AGE_SECONDS);
}

export function clearedSessionCookieHeader(): string {
  return cookieHeader("", 0);
}

function cookieHeader(value: string, maxAge: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (env().NODE_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}

/** The named cookie's value from a Cookie header, or null. */
/** A sealed cookie's contents when it is there, intact and unexpired, else null (its fields still to be checked). */
export async function unsealCookie<T>(
  request: Request,
  name: string,
  options: { password: string; ttl: number },
): Promise<Partial<T> | null> {
  const sealed = readCookie(request.headers.get("cookie"), name);
  if (!sealed) return null;
  try {
    return await unsealData<T>(sealed, options);
  } catch {
    return null;
  }
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return value || null;
    }
  }
  return null;
}
