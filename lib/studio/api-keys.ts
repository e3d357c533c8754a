import "server-only";
import type { ApiKeyView, CreatedApiKey, ServiceAccountView } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { createApiKey, findKeyOwner, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys/store";
import { can } from "@/lib/schemas/roles";
import { createServiceAccount, getUserById, listUsers, type UserRecord } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import type { CreateApiKeyInput, CreateServiceAccountInput } from "@/lib/schemas/api-key";
import type { SessionUser } from "@/lib/types";

// The keys page's use cases: a person's own keys, and an admin's keys for service accounts.
// Every creation and revocation is on the Activity page, with the key's name (never its secret).

export function ownApiKeys(user: SessionUser): Promise<ApiKeyView[]> {
  return listApiKeys(user.id);
}

export async function createOwnApiKey(user: SessionUser, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const created = await createApiKey(user, input);
  await recordAudit({
    actor: user,
    action: "api_key.created",
    detail: { name: input.name, role: input.role, days: input.expires_in_days },
  });
  return created;
}

/** The service account with this id (admins only reach here), or a 404 in words. */
export async function serviceAccount(id: string): Promise<UserRecord> {
  const account = await getUserById(id);
  if (!account || account.kind !== "service_account")
    throw new AppError("not_found", "There is no such service account.");
  return account;
}

export async function serviceAccountKeys(id: string): Promise<ApiKeyView[]> {
  return listApiKeys((await serviceAccount(id)).id);
}

export async function createServiceAccountKey(
  actor: SessionUser,
  id: string,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const account = await serviceAccount(id);
  const created = await createApiKey(account, input);
  await recordAudit({
    actor,
    action: "api_key.created",
    targetUserId: account.id,
    targetEmail: account.email,
    detail: { name: input.name, role: input.role, days: input.expires_in_days, owner: account.name },
  });
  return created;
}

/** One's own key, or (for an admin) a service account's; anyone else's is not found. */
export async function revokeKey(actor: SessionUser, keyId: string): Promise<void> {
  const owner = await findKeyOwner(keyId);
  const mine = owner?.userId === actor.id;
  const adminOfAccount = owner?.userKind === "service_account" && can(actor.role, "manage_users");
  if (!owner || (!mine && !adminOfAccount))
    throw new AppError("not_found", "There is no such API key, or it was already revoked.");
  await revokeApiKey(keyId);
  await recordAudit({
    actor,
    action: "api_key.revoked",
    targetUserId: mine ? null : owner.userId,
    targetEmail: mine ? null : owner.userEmail,
    detail: { name: owner.name },
  });
}

export async function listServiceAccounts(): Promise<ServiceAccountView[]> {
  const accounts = await listUsers("service_account");
  return Promise.all(
    accounts.map(async (account) => ({
      id: account.id,
      name: account.name ?? account.email,
      role: account.role,
      created_at: account.createdAt,
      active_keys: (await listApiKeys(account.id)).filter((k) => !k.expired).length,
    })),
  );
}

export async function createServiceAccountView(
  actor: SessionUser,
  input: CreateServiceAccountInput,
): Promise<ServiceAccountView> {
  const account = await createServiceAccount(input);
  await recordAudit({
    actor,
    action: "service_account.created",
    targetUserId: account.id,
    targetEmail: account.email,
    detail: { name: input.name, role: input.role },
  });
  return { id: account.id, name: input.name, role: account.role, created_at: account.createdAt, active_keys: 0 };
}
