import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { AppError } from "@/lib/errors";
import { readDevice } from "./device-cookie";
import { assertPasswordSignInAllowed } from "./password-sign-in";
import { assertNotLocked, clearFailures, recordFailure } from "./sign-in-throttle";
import { findUserByEmail, normalizeEmail, verifyCredentials, verifyUserPassword, type UserRecord } from "./users";

// Checking a password a person typed, behind the sign-in limits: a locked account or address is
// refused before any hashing, a wrong password counts, and both outcomes are in the audit log
// (with the typed email and the client address, never the password).

export const WRONG_CREDENTIALS = "That email and password do not match an account.";

export async function signInWithPassword(input: {
  email: string;
  password: string;
  address: string | null;
  /** The browser's device cookie (`ps_device`), when it sent one. */
  device?: string | null;
}): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  const attempt = { email, address: input.address, device: await knownDevice(email, input.device ?? null) };
  await assertNotLocked(attempt);
  const user = await verifyCredentials(attempt.email, input.password);
  if (!user) {
    await recordFailure(attempt);
    await recordAudit({ actor: null, actorEmail: attempt.email, action: "sign_in.failed", ip: input.address });
    throw new AppError("unauthorized", WRONG_CREDENTIALS);
  }
  await clearFailures(attempt);
  try {
    await assertPasswordSignInAllowed(user);
  } catch (error) {
    await recordAudit({
      actor: user,
      action: "sign_in.failed",
      detail: { reason: "password sign-in turned off" },
      ip: input.address,
    });
    throw error;
  }
  await recordAudit({ actor: user, action: "sign_in.succeeded", ip: input.address });
  return user;
}

/**
 * The device's nonce when the cookie is this app's and names the account being signed in to;
 * otherwise null (a forged cookie, or another person's, counts for nothing). The cookie is checked
 * before the database is asked, so a browser without one costs no extra read.
 */
async function knownDevice(email: string, cookie: string | null): Promise<string | null> {
  const device = readDevice(cookie);
  if (!device) return null;
  const user = await findUserByEmail(email);
  return user?.id === device.userId ? device.nonce : null;
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
