// GET and PUT /api/settings/password-sign-in: who may sign in with a password (admins only).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { getPasswordSignIn, setPasswordSignIn } from "@/lib/auth/password-sign-in";
import { clientAddress } from "@/lib/net/client-address";
import { passwordSignInSchema } from "@/lib/schemas/password-sign-in";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await getPasswordSignIn()), { action: "manage_users" });

export const PUT = withSession(
  async ({ request, user }) => {
    const input = passwordSignInSchema.parse(await readJson(request));
    const choice = input.mode === "everyone" ? input : { mode: input.mode, adminId: input.admin_id };
    return json(await setPasswordSignIn(user, choice, clientAddress(request)));
  },
  { action: "manage_users" },
);
