import "server-only";
import { env } from "@/lib/env";
import type { Role } from "@/lib/schemas/roles";
import { parseDomains } from "@/lib/auth/oidc-settings/domains";
import { parseRoleMap, type RoleMap } from "@/lib/auth/oidc-settings/role-map";

// The company sign-in as the environment configures it; null when OIDC_ISSUER is not set (then
// nothing of it shows and only passwords sign in).

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The button's words. */
  name: string;
  defaultRole: Role;
  allowedDomains: string[];
  roleClaim: string | null;
  roleMap: RoleMap;
  /** A provider on this machine (http://localhost…): the local one of `LOCAL_OIDC=1 npm start` and the tests. */
  local: boolean;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function oidcSettings(): OidcSettings | null {
  const config = env();
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  const issuer = new URL(config.OIDC_ISSUER);
  return {
    issuer,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    name: config.OIDC_NAME,
    defaultRole: config.OIDC_DEFAULT_ROLE,
    allowedDomains: parseDomains(config.OIDC_ALLOWED_DOMAINS),
    roleClaim: config.OIDC_ROLE_CLAIM ?? null,
    roleMap: parseRoleMap(config.OIDC_ROLE_MAP ?? ""),
    local: issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname),
  };
}
