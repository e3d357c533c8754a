import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { sealSession, sessionCookieHeader, toSessionUser } from "@/lib/auth/session";
import { assertCurrentPassword } from "@/lib/auth/sign-in";
import { setPassword, verifyUserPassword } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import type { ChangePasswordInput, FirstPasswordInput } from "@/lib/schemas/password";
import type { SessionUser } from "@/lib/types";

// The signed-in person's own account.

/**
 * Replaces the person's password after checking the current one, or, in the change that follows
 * signing in with a one-time password (`first`), after checking the new one is not that one.
 * Every other session ends (the epoch moves on); this one continues with a fresh cookie, answered
 * as `cookie`.
 */
export async function changeOwnPassword(
  user: SessionUser,
  input: { first: false; password: ChangePasswordInput } | { first: true; password: FirstPasswordInput },
  address: string | null,
): Promise<{ user: SessionUser; cookie: string }> {
  if (!input.first) await assertCurrentPassword(user, input.password.current_password, address);
  else if (await verifyUserPassword(user.id, input.password.new_password)) {
    throw new AppError("bad_request", "The new password must differ from the one-time password.");
  }
  const record = await setPassword(user.id, input.password.new_password, false);
  await recordAudit({
    actor: user,
    action: "password.changed",
    targetUserId: user.id,
    targetEmail: user.email,
    ip: address,
  });
  return { user: toSessionUser(record), cookie: sessionCookieHeader(await sealSession(user.id)) };
}
