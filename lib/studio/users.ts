import "server-only";
import type { UserView } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { generateOneTimePassword } from "@/lib/auth/password";
import {
  createUser,
  deleteUser,
  getUserById,
  listUsers,
  setDisabled,
  setPassword,
  setRole,
  type UserRecord,
} from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import type { CreateUserInput, UpdateUserInput } from "@/lib/schemas/user";
import type { SessionUser } from "@/lib/types";

// The Users admin use cases over lib/auth/users.ts, answering the API's snake_case shape.

export function toUserView(record: UserRecord): UserView {
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    disabled: record.disabledAt !== null,
    disabled_at: record.disabledAt,
    password_change_required: record.passwordChangeRequired,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export async function listUserViews(): Promise<UserView[]> {
  return (await listUsers()).map(toUserView);
}

/**
 * Creates the account. Without a password it is an invitation: a one-time password is generated
 * and answered once (it is stored only as a hash), for the admin to pass on; it must be changed
 * at the first sign-in. A password the admin typed is theirs to choose and is not forced.
 */
export async function createUserView(
  input: CreateUserInput,
  actor: SessionUser,
): Promise<{ user: UserView; password?: string }> {
  const generated = input.password === undefined ? generateOneTimePassword() : undefined;
  const record = await createUser({
    email: input.email,
    role: input.role,
    password: input.password ?? generated!,
    passwordChangeRequired: generated !== undefined,
  });
  await recordAudit({
    actor,
    action: "user.created",
    targetUserId: record.id,
    targetEmail: record.email,
    detail: { role: record.role, invited: generated !== undefined },
  });
  return generated ? { user: toUserView(record), password: generated } : { user: toUserView(record) };
}

/**
 * Gives the user a generated one-time password (answered once) and ends their sessions; they
 * must choose their own at the next sign-in. One's own password is changed with the current one.
 */
export async function resetPasswordView(id: string, actor: SessionUser): Promise<{ user: UserView; password: string }> {
  if (id === actor.id) {
    throw new AppError("conflict", "Change your own password from the account menu, with your current password.");
  }
  if ((await getUserById(id))?.kind === "service_account") {
    throw new AppError("conflict", "A service account has no password: it acts through its API keys only.");
  }
  const password = generateOneTimePassword();
  const record = await setPassword(id, password, true);
  await recordAudit({ actor, action: "password.reset", targetUserId: record.id, targetEmail: record.email });
  return { user: toUserView(record), password };
}

export async function updateUserView(id: string, input: UpdateUserInput, actor: SessionUser): Promise<UserView> {
  // An admin locking themselves out by mistake would need another admin to undo it.
  if (id === actor.id && (input.disabled === true || (input.role && input.role !== "admin"))) {
    throw new AppError("conflict", "You cannot disable your own account or take away your own admin role.");
  }
  let record: UserRecord | null = null;
  if (input.role !== undefined) {
    record = await setRole(id, input.role);
    await recordAudit({
      actor,
      action: "user.changed",
      targetUserId: id,
      targetEmail: record.email,
      detail: { role: input.role },
    });
  }
  if (input.disabled !== undefined) {
    record = await setDisabled(id, input.disabled);
    await recordAudit({
      actor,
      action: input.disabled ? "user.disabled" : "user.changed",
      targetUserId: id,
      targetEmail: record.email,
      detail: input.disabled ? {} : { enabled: true },
    });
  }
  return toUserView(record!);
}

export async function deleteUserView(id: string, actor: SessionUser): Promise<void> {
  if (id === actor.id) throw new AppError("conflict", "You cannot delete your own account.");
  const target = await getUserById(id);
  await deleteUser(id);
  await recordAudit({ actor, action: "user.deleted", targetUserId: id, targetEmail: target?.email ?? null });
}
