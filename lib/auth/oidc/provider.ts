import "server-only";
import * as client from "openid-client";
import { appUrl } from "@/lib/app-links";
import type { OidcSettings } from "@/lib/auth/oidc-settings/settings";

// The identity provider as openid-client sees it: its metadata, read once by discovery and kept
// (another attempt is made after a failure). Every ID token's signature is checked against the
// provider's published keys (non-repudiation checks), besides its issuer, audience, expiry and
// nonce, which openid-client always checks.

export const SSO_SCOPES = "openid email profile";
export const CALLBACK_PATH = "/api/session/sso/callback";

let discovered: { key: string; config: Promise<client.Configuration> } | undefined;

export function callbackUrl(): string {
  return `${appUrl()}${CALLBACK_PATH}`;
}

export function providerConfig(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer.href} ${settings.clientId}`;
  if (discovered?.key === key) return discovered.config;
  const execute = [client.enableNonRepudiationChecks];
  if (settings.local) execute.push(client.allowInsecureRequests);
  const config = client.discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
    execute,
    timeout: 10,
  });
  discovered = { key, config };
  config.catch(() => {
    if (discovered?.config === config) discovered = undefined;
  });
  return config;
}
