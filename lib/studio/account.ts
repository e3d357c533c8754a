import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { sealSession, sessionCookieHeader, toSessionUser } from "@/lib/auth/session";
import { assertCurrentPassword } from "@/lib/auth/sign-in";
import { setPassword } from "@/lib/auth/users";
import type { ChangePasswordInput } from "@/lib/schemas/password";
import type { SessionUser } from "@/lib/types";

// The signed-in person's own account.

/**
 * Replaces the person's password after checking the current one. Every other session ends (the
 * epoch moves on); this one continues with a fresh cookie, answered as `cookie`.
 */
export async function changeOwnPassword(
  user: SessionUser,
  input: ChangePasswordInput,
  address: string | null,
): Promise<{ user: SessionUser; cookie: string }> {
  await assertCurrentPassword(user, input.current_password, address);
  const record = await setPassword(user.id, input.new_password, false);
  await recordAudit({ actor: user, action: "password.changed", targetUserId: user.id, targetEmail: user.email, ip: address });
  return { user: toSessionUser(record), cookie: sessionCookieHeader(await sealSession(user.id)) };
}
