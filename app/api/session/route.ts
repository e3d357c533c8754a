// POST /api/session (sign in), GET /api/session (who am I), DELETE /api/session (sign out).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withoutSession, withSession } from "@/lib/api/with-session";
import { clearedSessionCookieHeader, sealSession, sessionCookieHeader, signOut, toSessionUser } from "@/lib/auth/session";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { clientAddress } from "@/lib/net/client-address";
import { signInSchema } from "@/lib/schemas/session";

export const dynamic = "force-dynamic";

export const POST = withoutSession(async (request) => {
  const { email, password } = signInSchema.parse(await readJson(request));
  const user = await signInWithPassword({ email, password, address: clientAddress(request) });
  const sealed = await sealSession(user.id);
  return json({ user: toSessionUser(user) }, { headers: { "set-cookie": sessionCookieHeader(sealed) } });
});

export const GET = withSession(async ({ user }) => json({ user }), { duringPasswordChange: true });

// Signing out works even when the session has already ended: the cookie is cleared either way.
export const DELETE = withoutSession(async (request) => {
  const cleared = await signOut(request).catch(() => clearedSessionCookieHeader());
  return new Response(null, { status: 204, headers: { "set-cookie": cleared } });
});
