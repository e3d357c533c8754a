import "server-only";
import { randomUUID } from "node:crypto";
import { sealData } from "iron-session";
import * as client from "openid-client";
import { unsealCookie } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { callbackUrl, providerConfig, SSO_SCOPES } from "./provider";
import { SsoRefused } from "./refusals";
import type { OidcSettings } from "@/lib/auth/oidc-settings/settings";

// One sign-in through the identity provider, from the button to the provider's answer: the
// authorization code flow with PKCE, `state` and `nonce`. What must survive the trip (those three,
// and where to return) travels in a short-lived sealed cookie of its own; the flow's id, sealed
// with them, is a row deleted at the callback, so a flow completes once at most, on any instance.

export const FLOW_COOKIE = "ps_sso";
export const FLOW_TTL_SECONDS = 10 * 60;

interface SealedFlow {
  id: string;
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

export interface CompletedFlow {
  /**
   * The ID token's claims, checked (signature, issuer, audience, expiry, nonce), with the
   * provider's userinfo filling in an email or role claim the ID token lacks.
   */
  claims: Record<string, unknown>;
  /** Where the person was going when they pressed the button. */
  next: string;
}

const sealOptions = () => ({ password: env().SESSION_SECRET, ttl: FLOW_TTL_SECONDS });

/** The provider's configuration (discovery), or a refusal saying it does not answer. */
async function discovered(settings: OidcSettings): Promise<client.Configuration> {
  try {
    return await providerConfig(settings);
  } catch (error) {
    log.warn({ err: errorSummary(error) }, "identity provider discovery failed");
    throw new SsoRefused("unavailable");
  }
}

/** The provider's address to send the person to, and the flow cookie to set on the way. */
export async function startFlow(
  settings: OidcSettings,
  next: string,
  now = new Date(),
): Promise<{ url: string; cookie: string }> {
  const config = await discovered(settings);
  const flow: SealedFlow = {
    id: randomUUID(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    next,
  };
  const db = await getDb();
  // Flows never finished (the person closed the tab) are cleared as new ones start.
  await db.query("DELETE FROM sign_in_flows WHERE expires_at < $1", [now]);
  await db.query("INSERT INTO sign_in_flows (id, expires_at) VALUES ($1, $2)", [
    flow.id,
    new Date(now.getTime() + FLOW_TTL_SECONDS * 1000),
  ]);
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(),
    scope: SSO_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, cookie: flowCookieHeader(await sealData(flow, sealOptions()), FLOW_TTL_SECONDS) };
}

/**
 * The provider's answer at the callback, checked against the flow cookie: refused (SsoRefused)
 * when the person cancelled, the cookie is missing, expired or already used, or any check fails.
 */
export async function finishFlow(settings: OidcSettings, request: Request, now = new Date()): Promise<CompletedFlow> {
  const params = new URL(request.url).searchParams;
  const flow = await takeFlow(request, now);
  if (params.get("error")) {
    // The provider's own words may echo what it was sent: only its error code is kept.
    throw new SsoRefused(
      params.get("error") === "access_denied" ? "denied" : "failed",
      params.get("error")?.slice(0, 60),
    );
  }
  if (!flow) throw new SsoRefused("expired");
  const config = await discovered(settings);
  // The address the provider was told to send the person back to, with what it sent: behind a
  // proxy, the request's own URL names the app's internal address instead.
  const current = new URL(callbackUrl());
  current.search = params.toString();
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    return { claims: await withUserinfo(config, settings, tokens.access_token, claims), next: flow.next };
  } catch (error) {
    if (error instanceof SsoRefused) throw error;
    log.warn({ err: errorSummary(error) }, "company sign-in not confirmed");
    throw new SsoRefused(isNetworkError(error) ? "unavailable" : "failed", errorCode(error));
  }
}

// Some providers put the email or the groups only in userinfo (Okta, for one, unless told).
async function withUserinfo(
  config: client.Configuration,
  settings: OidcSettings,
  accessToken: string,
  claims: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const lacksRole = settings.roleClaim !== null && claims[settings.roleClaim] === undefined;
  if (typeof claims.email === "string" && !lacksRole) return claims;
  if (!config.serverMetadata().userinfo_endpoint || typeof claims.sub !== "string") return claims;
  // fetchUserInfo checks the answer is about the ID token's subject.
  const info: Record<string, unknown> = await client.fetchUserInfo(config, accessToken, claims.sub);
  const filled = { ...claims };
  for (const [name, value] of Object.entries(info)) if (filled[name] === undefined) filled[name] = value;
  return filled;
}

/** The flow the cookie seals, once: its row is deleted here, so a second use finds nothing. */
async function takeFlow(request: Request, now: Date): Promise<SealedFlow | null> {
  const flow = await unsealCookie<SealedFlow>(request, FLOW_COOKIE, sealOptions());
  if (!flow?.id || !flow.state || !flow.nonce || !flow.verifier || typeof flow.next !== "string") return null;
  const db = await getDb();
  const taken = await db.query("DELETE FROM sign_in_flows WHERE id = $1 AND expires_at >= $2 RETURNING id", [
    flow.id,
    now,
  ]);
  return taken.length === 1 ? (flow as SealedFlow) : null;
}

export function flowCookieHeader(value: string, maxAge: number): string {
  // Lax: the provider sends the person back with a top-level GET from its own site.
  const parts = [`${FLOW_COOKIE}=${value}`, "Path=/api/session/sso", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (env().NODE_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}

export const clearedFlowCookieHeader = () => flowCookieHeader("", 0);

// What a log line may say of a failure: its class and code, never a token, code or response body.
function errorSummary(error: unknown): { name: string; code?: string; message: string } {
  const e = error as { name?: string; code?: string; message?: string };
  return { name: e?.name ?? "Error", code: errorCode(error), message: String(e?.message ?? error).slice(0, 200) };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

// fetch's own failures: the provider did not answer (as opposed to answering no).
function isNetworkError(error: unknown): boolean {
  const e = error as { name?: string };
  return e?.name === "TypeError" || e?.name === "TimeoutError" || e?.name === "AbortError";
}
