import { sealData, unsealData } from "iron-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { startLocalOidc, type LocalOidc, type LocalPerson } from "@/scripts/local-oidc";
import { signInAtProvider } from "@/test/support/oidc-browser";
import { createUser, findUserByEmail, setDisabled } from "@/lib/auth/users";
import { FLOW_COOKIE, FLOW_TTL_SECONDS, startFlow } from "./flow";
import { SsoRefused } from "./refusals";
import { oidcSettings, type OidcSettings } from "@/lib/auth/oidc-settings/settings";
import { completeCompanySignIn } from "./sign-in";

// Company sign-in against a real identity provider (oidc-provider on a free port), from the
// button's redirect to the account it signs in.

const APP = "http://app.test";
const CALLBACK = `${APP}/api/session/sso/callback`;
const PEOPLE: LocalPerson[] = [
  { email: "cy@acme.test", password: "cy-password", name: "Cy", groups: ["finance"] },
  { email: "ben@acme.test", password: "ben-password", name: "Ben", groups: ["marketing", "studio-admins"] },
  { email: "dee@acme.test", password: "dee-password", name: "Dee" },
  { email: "fay@acme.test", password: "fay-password", name: "Fay" },
  { email: "uma@acme.test", password: "uma-password", name: "Uma", emailVerified: false },
  { email: "eve@elsewhere.test", password: "eve-password", name: "Eve" },
];

describe("company sign-in", () => {
  let provider: LocalOidc;
  let env: ReturnType<typeof useTestEnv>;
  let db: Db;
  let settings: OidcSettings;

  beforeAll(async () => {
    provider = await startLocalOidc({ appUrl: APP, people: PEOPLE });
    env = useTestEnv({
      ...provider.appEnv,
      APP_URL: APP,
      OIDC_ALLOWED_DOMAINS: "acme.test",
      OIDC_ROLE_CLAIM: "groups",
      OIDC_ROLE_MAP: "studio-admins=admin,marketing=editor",
    });
    db = await useMemoryDb();
    settings = oidcSettings()!;
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
    await provider.close();
  });

  /** The button, the provider's form, and the callback's request as the browser sends it. */
  async function throughProvider(person: { email: string; password: string } | "cancel", next = "/gallery") {
    const started = await startFlow(settings, next);
    const cookie = started.cookie.split(";")[0];
    const callback = await signInAtProvider(started.url, person, CALLBACK);
    return { callback, cookie, request: new Request(callback, { headers: { cookie } }) };
  }
  const password = (email: string) => PEOPLE.find((p) => p.email === email)!.password;
  const as = (email: string) => ({ email, password: password(email) });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "signed in",
      (error: unknown) => (error instanceof SsoRefused ? error.reason : `threw ${String(error)}`),
    );
  const auditOf = async (email: string) =>
    await db.query<{ action: string; detail: Record<string, string>; ip: string | null }>(
      "SELECT action, detail, ip FROM audit_events WHERE actor_email = $1 ORDER BY id",
      [email],
    );

  it("creates a person of an allowed domain with the default role at their first sign-in, and returns where they were going", async () => {
    const { request } = await throughProvider(as("cy@acme.test"));
    const signedIn = await completeCompanySignIn(settings, request, "192.0.2.7");
    expect(signedIn.next).toBe("/gallery");
    expect(signedIn.user).toMatchObject({ email: "cy@acme.test", role: "reviewer", disabledAt: null });
    expect(await auditOf("cy@acme.test")).toEqual([
      { action: "user.created_by_company_sign_in", detail: { role: "reviewer" }, ip: "192.0.2.7" },
      { action: "sign_in.company", detail: {}, ip: "192.0.2.7" },
    ]);
    // The second time, the same account, and no second creation.
    const again = await completeCompanySignIn(settings, (await throughProvider(as("cy@acme.test"))).request, null);
    expect(again.user.id).toBe(signedIn.user.id);
    expect((await auditOf("cy@acme.test")).map((row) => row.action)).toEqual([
      "user.created_by_company_sign_in",
      "sign_in.company",
      "sign_in.company",
    ]);
  });

  it("gives the highest role the person's groups map to", async () => {
    const { request } = await throughProvider(as("ben@acme.test"));
    expect((await completeCompanySignIn(settings, request, null)).user.role).toBe("admin");
  });

  it("signs an existing account in as itself, its role kept", async () => {
    const dee = await createUser({ email: "dee@acme.test", password: "river-stone-lamp-9", role: "editor" });
    const signedIn = await completeCompanySignIn(settings, (await throughProvider(as("dee@acme.test"))).request, null);
    expect(signedIn.user).toMatchObject({ id: dee.id, role: "editor" });
    expect((await auditOf("dee@acme.test")).map((row) => row.action)).toEqual(["sign_in.company"]);
  });

  it("refuses another domain and an unverified email, says why in the log, and creates nobody", async () => {
    expect(
      await refusal(
        completeCompanySignIn(settings, (await throughProvider(as("eve@elsewhere.test"))).request, "192.0.2.8"),
      ),
    ).toBe("domain");
    expect(
      await refusal(completeCompanySignIn(settings, (await throughProvider(as("uma@acme.test"))).request, null)),
    ).toBe("unverified");
    expect(await findUserByEmail("eve@elsewhere.test")).toBeNull();
    expect(await findUserByEmail("uma@acme.test")).toBeNull();
    expect(await auditOf("eve@elsewhere.test")).toEqual([
      {
        action: "sign_in.company_refused",
        detail: { reason: "domain", why: "elsewhere.test is not in OIDC_ALLOWED_DOMAINS" },
        ip: "192.0.2.8",
      },
    ]);
    expect((await auditOf("uma@acme.test"))[0].detail).toEqual({ reason: "unverified" });
  });

  it("refuses a disabled person through the provider as through a password", async () => {
    const first = await completeCompanySignIn(settings, (await throughProvider(as("fay@acme.test"))).request, null);
    await setDisabled(first.user.id, true);
    expect(
      await refusal(completeCompanySignIn(settings, (await throughProvider(as("fay@acme.test"))).request, null)),
    ).toBe("disabled");
    expect((await auditOf("fay@acme.test")).at(-1)).toMatchObject({
      action: "sign_in.company_refused",
      detail: { reason: "disabled" },
    });
  });

  /** A real answer from the provider, and the flow's cookie sealed again with `change` made to it. */
  async function withForgedCookie(change: Record<string, string>) {
    const started = await startFlow(settings, "/");
    const url = new URL(started.url);
    const callback = await signInAtProvider(started.url, as("ben@acme.test"), CALLBACK);
    const sealed = decodeURIComponent(started.cookie.split(";")[0].slice(FLOW_COOKIE.length + 1));
    const options = { password: process.env.SESSION_SECRET!, ttl: FLOW_TTL_SECONDS };
    const flow = await unsealData<Record<string, string>>(sealed, options);
    expect(flow).toMatchObject({ state: url.searchParams.get("state"), nonce: url.searchParams.get("nonce") });
    const forged = await sealData({ ...flow, ...change }, options);
    return new Request(callback, { headers: { cookie: `${FLOW_COOKIE}=${forged}` } });
  }

  it("refuses an answer whose state is not the flow cookie's", async () => {
    // Everything else right (the verifier, the nonce): only the state differs.
    expect(
      await refusal(completeCompanySignIn(settings, await withForgedCookie({ state: "another-state" }), null)),
    ).toBe("failed");
    // And another flow's answer with this browser's cookie.
    const mine = await throughProvider(as("ben@acme.test"));
    const theirs = await throughProvider(as("ben@acme.test"));
    expect(
      await refusal(
        completeCompanySignIn(settings, new Request(theirs.callback, { headers: { cookie: mine.cookie } }), null),
      ),
    ).toBe("failed");
  });

  it("refuses an ID token whose nonce is not the flow's", async () => {
    expect(
      await refusal(completeCompanySignIn(settings, await withForgedCookie({ nonce: "another-nonce" }), null)),
    ).toBe("failed");
  });

  it("accepts the same forged-cookie route untouched (the refusals above are the checks', not the test's)", async () => {
    expect(await refusal(completeCompanySignIn(settings, await withForgedCookie({}), null))).toBe("signed in");
  });

  it("completes a flow once: the same answer and cookie again are refused", async () => {
    const { callback, cookie } = await throughProvider(as("ben@acme.test"));
    await completeCompanySignIn(settings, new Request(callback, { headers: { cookie } }), null);
    expect(await refusal(completeCompanySignIn(settings, new Request(callback, { headers: { cookie } }), null))).toBe(
      "expired",
    );
  });

  it("refuses a flow older than its lifetime, and an answer without its cookie", async () => {
    const { callback, cookie } = await throughProvider(as("ben@acme.test"));
    expect(await refusal(completeCompanySignIn(settings, new Request(callback), null))).toBe("expired");
    const late = new Date(Date.now() + (FLOW_TTL_SECONDS + 60) * 1000);
    expect(
      await refusal(completeCompanySignIn(settings, new Request(callback, { headers: { cookie } }), null, late)),
    ).toBe("expired");
  });

  it("says the person cancelled when the provider answers access_denied", async () => {
    const { request, callback } = await throughProvider("cancel");
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    expect(await refusal(completeCompanySignIn(settings, request, null))).toBe("denied");
  });
});
