// POST /api/session (sign in), GET /api/session (who am I), DELETE /api/session (sign out).
import { json } from "@/lib/api/respond";
import { withoutSession, withSession } from "@/lib/api/with-session";
import { clearedSessionCookieHeader, sealSession, sessionCookieHeader, signOut } from "@/lib/auth/session";
import { verifyCredentials } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import { signInSchema } from "@/lib/schemas/session";
import { readJson } from "@/lib/api/read-json";

export const dynamic = "force-dynamic";

export const POST = withoutSession(async (request) => {
  const { email, password } = signInSchema.parse(await readJson(request));
  const user = await verifyCredentials(email, password);
  if (!user) throw new AppError("unauthorized", "That email and password do not match an account.");
  const sealed = await sealSession(user.id);
  return json(
    { user: { id: user.id, email: user.email, role: user.role } },
    { headers: { "set-cookie": sessionCookieHeader(sealed) } },
  );
});

export const GET = withSession(async ({ user }) => json({ user }));

// Signing out works even when the session has already ended: the cookie is cleared either way.
export const DELETE = withoutSession(async (request) => {
  const cleared = await signOut(request).catch(() => clearedSessionCookieHeader());
  return new Response(null, { status: 204, headers: { "set-cookie": cleared } });
});
