// POST /api/session (sign in), GET /api/session (who am I), DELETE /api/session (sign out).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withoutSession, withSession } from "@/lib/api/with-session";
import { DEVICE_COOKIE, deviceCookieHeader, newDeviceCookieValue } from "@/lib/auth/device-cookie";
import {
  clearedSessionCookieHeader,
  readCookie,
  sealSession,
  sessionCookieHeader,
  signOut,
  toSessionUser,
} from "@/lib/auth/session";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { clientAddress } from "@/lib/net/client-address";
import { signInSchema } from "@/lib/schemas/session";

export const dynamic = "force-dynamic";

export const POST = withoutSession(async (request) => {
  const { email, password } = signInSchema.parse(await readJson(request));
  const device = readCookie(request.headers.get("cookie"), DEVICE_COOKIE);
  const user = await signInWithPassword({ email, password, address: clientAddress(request), device });
  const sealed = await sealSession(user.id, { oneTimePassword: user.passwordChangeRequired });
  // The session, and a fresh device cookie: this browser is now one the person signed in from.
  const headers = new Headers();
  headers.append("set-cookie", sessionCookieHeader(sealed));
  headers.append("set-cookie", deviceCookieHeader(newDeviceCookieValue(user.id)));
  return json({ user: toSessionUser(user) }, { headers });
});

export const GET = withSession(async ({ user }) => json({ user }), { duringPasswordChange: true });

// Signing out works even when the session has already ended: the cookie is cleared either way.
export const DELETE = withoutSession(async (request) => {
  const cleared = await signOut(request).catch(() => clearedSessionCookieHeader());
  return new Response(null, { status: 204, headers: { "set-cookie": cleared } });
});
