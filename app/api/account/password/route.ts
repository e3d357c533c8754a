// PUT /api/account/password: change one's own password (current + new; the new one alone right
// after signing in with a one-time password); the only route besides the session that works while
// a generated password must be changed.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { clientAddress } from "@/lib/net/client-address";
import { isFirstPasswordChange } from "@/lib/auth/session";
import { changePasswordSchema, firstPasswordSchema } from "@/lib/schemas/password";
import { changeOwnPassword } from "@/lib/studio/account";

export const dynamic = "force-dynamic";

export const PUT = withSession(
  async ({ request, user }) => {
    const first = await isFirstPasswordChange(request, user);
    const body = await readJson(request);
    const input = first
      ? { first, password: firstPasswordSchema.parse(body) }
      : { first, password: changePasswordSchema.parse(body) };
    const changed = await changeOwnPassword(user, input, clientAddress(request));
    return json({ user: changed.user }, { headers: { "set-cookie": changed.cookie } });
  },
  // A key must never become a password someone could sign in with.
  { duringPasswordChange: true, sessionOnly: true },
);
