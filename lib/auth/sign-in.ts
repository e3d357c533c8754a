import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { AppError } from "@/lib/errors";
import { assertNotLocked, clearAccountFailures, recordFailure } from "./sign-in-throttle";
import { normalizeEmail, verifyCredentials, verifyUserPassword, type UserRecord } from "./users";

// Checking a password a person typed, behind the sign-in limits: a locked account or address is
// refused before any hashing, a wrong password counts, and both outcomes are in the audit log
// (with the typed email and the client address, never the password).

export const WRONG_CREDENTIALS = "That email and password do not match an account.";

export async function signInWithPassword(input: {
  email: string;
  password: string;
  address: string | null;
}): Promise<UserRecord> {
  const attempt = { email: normalizeEmail(input.email), address: input.address };
  await assertNotLocked(attempt);
  const user = await verifyCredentials(attempt.email, input.password);
  if (!user) {
    await recordFailure(attempt);
    await recordAudit({ actor: null, actorEmail: attempt.email, action: "sign_in.failed", ip: input.address });
    throw new AppError("unauthorized", WRONG_CREDENTIALS);
  }
  await clearAccountFailures(attempt.email);
  await recordAudit({ actor: user, action: "sign_in.succeeded", ip: input.address });
  return user;
}

/**
 * The signed-in person's current password, checked under the same limits as signing in: a stolen
 * session must not become a way to guess it.
 */
export async function assertCurrentPassword(
  user: { id: string; email: string },
  password: string,
  address: string | null,
): Promise<void> {
  const attempt = { email: user.email, address };
  await assertNotLocked(attempt);
  if (await verifyUserPassword(user.id, password)) return;
  await recordFailure(attempt);
  throw new AppError("bad_request", "Your current password is not right.");
}
