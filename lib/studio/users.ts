import "server-only";
import { randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import { createUser, deleteUser, getUserById, listUsers, setDisabled, setRole, type UserRecord } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import type { CreateUserInput, UpdateUserInput } from "@/lib/schemas/user";
import type { Role, SessionUser } from "@/lib/types";

// The Users admin use cases over lib/auth/users.ts, answering the API's snake_case shape.

export interface UserView {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export function toUserView(record: UserRecord): UserView {
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    disabled: record.disabledAt !== null,
    disabled_at: record.disabledAt,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export async function listUserViews(): Promise<UserView[]> {
  return (await listUsers()).map(toUserView);
}

/**
 * Creates the account. Without a password it is an invitation: a one-time password is generated
 * and answered once (it is stored only as a hash), for the admin to pass on.
 */
export async function createUserView(input: CreateUserInput, actor: SessionUser): Promise<{ user: UserView; password?: string }> {
  const generated = input.password === undefined ? randomBytes(12).toString("base64url") : undefined;
  const record = await createUser({ email: input.email, role: input.role, password: input.password ?? generated! });
  await recordAudit({
    actor,
    action: "user.created",
    targetUserId: record.id,
    targetEmail: record.email,
    detail: { role: record.role, invited: generated !== undefined },
  });
  return generated ? { user: toUserView(record), password: generated } : { user: toUserView(record) };
}

export async function updateUserView(id: string, input: UpdateUserInput, actor: SessionUser): Promise<UserView> {
  // An admin locking themselves out by mistake would need another admin to undo it.
  if (id === actor.id && (input.disabled === true || (input.role && input.role !== "admin"))) {
    throw new AppError("conflict", "You cannot disable your own account or take away your own admin role.");
  }
  let record: UserRecord | null = null;
  if (input.role !== undefined) {
    record = await setRole(id, input.role);
    await recordAudit({ actor, action: "user.changed", targetUserId: id, targetEmail: record.email, detail: { role: input.role } });
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
