import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { createUserFromCompanySignIn, findUserByEmail, normalizeEmail, type UserRecord } from "@/lib/auth/users";
import { domainAllowed, emailDomain } from "@/lib/auth/oidc-settings/domains";
import { finishFlow } from "./flow";
import { SsoRefused } from "./refusals";
import { claimGroups, roleForGroups } from "@/lib/auth/oidc-settings/role-map";
import type { OidcSettings } from "@/lib/auth/oidc-settings/settings";

// The person the identity provider vouched for, as an account here: the account with their
// email, or a new one (with the default or mapped role) when their verified email's domain is
// allowed. Every outcome is in the audit log, refusals with their reason.

export interface CompanySignIn {
  user: UserRecord;
  next: string;
}

export async function completeCompanySignIn(
  settings: OidcSettings,
  request: Request,
  address: string | null,
  now = new Date(),
): Promise<CompanySignIn> {
  let email: string | undefined;
  try {
    const flow = await finishFlow(settings, request, now);
    email = typeof flow.claims.email === "string" ? normalizeEmail(flow.claims.email) : undefined;
    const user = await accountFor(settings, flow.claims, email, address);
    await recordAudit({ actor: user, action: "sign_in.company", ip: address });
    return { user, next: flow.next };
  } catch (error) {
    if (error instanceof SsoRefused) {
      const detail: Record<string, string> = { reason: error.reason };
      if (error.detail) detail.why = error.detail;
      await recordAudit({
        actor: null,
        actorEmail: email ?? "",
        action: "sign_in.company_refused",
        detail,
        ip: address,
      });
    }
    throw error;
  }
}

async function accountFor(
  settings: OidcSettings,
  claims: Record<string, unknown>,
  email: string | undefined,
  address: string | null,
): Promise<UserRecord> {
  if (!email) throw new SsoRefused("no_email");
  // An unverified email is only a name the person typed at the provider: it proves nothing.
  if (claims.email_verified !== true && claims.email_verified !== "true") throw new SsoRefused("unverified");
  const existing = await findUserByEmail(email);
  if (existing) {
    if (existing.disabledAt !== null) throw new SsoRefused("disabled");
    // A service account acts only through its API keys; nobody signs in as it.
    if (existing.kind === "service_account") throw new SsoRefused("domain", "a service account never signs in");
    return existing;
  }
  if (!domainAllowed(email, settings.allowedDomains)) {
    throw new SsoRefused("domain", `${emailDomain(email)} is not in OIDC_ALLOWED_DOMAINS`);
  }
  const groups = settings.roleClaim ? claimGroups(claims[settings.roleClaim]) : [];
  const role = roleForGroups(groups, settings.roleMap, settings.defaultRole);
  const { user, created } = await createUserFromCompanySignIn({ email, role });
  if (created) {
    await recordAudit({
      actor: user,
      action: "user.created_by_company_sign_in",
      targetUserId: user.id,
      detail: { role },
      ip: address,
    });
  } else if (user.disabledAt !== null) {
    throw new SsoRefused("disabled");
  }
  return user;
}
