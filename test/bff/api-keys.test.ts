import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_LIMIT } from "./global-setup";
import { api, bff } from "./client";
import { ownKey, withKey } from "./keys";
import { cookiesForEveryRole, type RoleCookies } from "./users";

// API keys on the real app: how the one wrapper of every route takes them beside the cookie, what
// it refuses and in which words, their limit per key, and the audit of what they change.

let who: RoleCookies & { emails: Record<string, string> };

beforeAll(async () => {
  who = await cookiesForEveryRole("keys");
});

const auditOf = async (email: string) => {
  const page = await (await api("/api/audit?limit=100", { cookie: who.admin })).json();
  return (page.items as { actor: { email: string }; action: string; detail: Record<string, unknown> }[]).filter(
    (l) => l.actor.email === email,
  );
};

describe("API keys", () => {
  it("are answered once, listed without their secret, and act as their owner at their role", async () => {
    const created = await api("/api/keys", {
      cookie: who.editor,
      json: { name: "Catalogue sync", role: "reviewer", expires_in_days: 30 },
    });
    expect(created.status).toBe(201);
    const { key, secret } = await created.json();
    expect(secret).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: "Catalogue sync",
      role: "reviewer",
      hint: `${secret.slice(0, 8)}…`,
      last_used_at: null,
      expired: false,
    });
    const session = await withKey(secret, "/api/session");
    expect(session.status).toBe(200);
    expect((await session.json()).user).toMatchObject({
      email: who.emails.editor,
      role: "reviewer",
      api_key: { name: "Catalogue sync" },
    });
    const listed = await (await api("/api/keys", { cookie: who.editor })).json();
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.find((k: { id: string }) => k.id === key.id).last_used_at).not.toBeNull();
  });

  it("refuses a role above the owner's, and bad bodies, in the { error, message } shape", async () => {
    const over = await api("/api/keys", {
      cookie: who.editor,
      json: { name: "Too much", role: "admin", expires_in_days: 7 },
    });
    expect(over.status).toBe(403);
    expect(await over.json()).toEqual({
      error: "Forbidden",
      message: "A key's role can be at most editor, the role of the account it acts for.",
    });
    for (const [body, words] of [
      [{ name: "", role: "editor", expires_in_days: 7 }, "Name the key"],
      [{ name: "x", role: "editor", expires_in_days: 366 }, "at most 365 days"],
      [{ name: "x", role: "owner", expires_in_days: 7 }, "Role must be"],
    ] as const) {
      const answer = await api("/api/keys", { cookie: who.editor, json: body });
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toContain(words);
    }
  });

  it("need no Origin (no ambient credential), while a cookie's write from another site is still refused", async () => {
    const key = await ownKey(who.editor, "Origin test", "editor");
    const fromElsewhere = await withKey(key, "/api/notifications/read", {
      json: {},
      headers: { origin: "https://elsewhere.example" },
    });
    expect(fromElsewhere.status).toBe(200);
    const cookieFromElsewhere = await api("/api/notifications/read", {
      cookie: who.editor,
      json: {},
      headers: { origin: "https://elsewhere.example" },
    });
    expect(cookieFromElsewhere.status).toBe(403);
    // A write that records nothing of its own is still on the Activity page, with the key's name.
    const lines = await auditOf(who.emails.editor);
    expect(lines[0]).toMatchObject({
      action: "api_key.used",
      detail: { method: "POST", route: "/api/notifications/read", via_key: "Origin test" },
    });
  });

  it("refuse a cookie and a key together, a malformed header, an unknown key, and keys making keys or passwords", async () => {
    const key = await ownKey(who.editor, "Both", "editor");
    const both = await withKey(key, "/api/session", { headers: { cookie: who.editor } });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({
      error: "Bad Request",
      message: "Send either an API key or a session cookie, not both.",
    });
    const basic = await fetch(`${bff().appUrl}/api/products`, { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(basic.status).toBe(401);
    expect((await basic.json()).message).toBe("Send the API key as the header “Authorization: Bearer <key>”.");
    const unknown = await withKey(`psk_${"x".repeat(43)}`, "/api/products");
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).message).toMatch(/^This API key is not known/);
    const more = await withKey(key, "/api/keys", { json: { name: "Another", role: "editor", expires_in_days: 7 } });
    expect(more.status).toBe(403);
    const password = await withKey(key, "/api/account/password", {
      method: "PUT",
      json: { current_password: "x", new_password: "y".repeat(12) },
    });
    expect(password.status).toBe(403);
    expect((await password.json()).message).toBe("API keys cannot do this: sign in to Product Studio and do it there.");
  });

  it("stop at once when revoked or when their owner is turned off, saying so", async () => {
    const revokedKey = await api("/api/keys", {
      cookie: who.reviewer,
      json: { name: "Short-lived", role: "reviewer", expires_in_days: 1 },
    });
    const { key, secret } = await revokedKey.json();
    expect((await withKey(secret, "/api/products")).status).toBe(200);
    // Someone else's key is not found, even by an admin: only service accounts' keys are theirs to revoke.
    expect((await api(`/api/keys/${key.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(404);
    expect((await api(`/api/keys/${key.id}`, { method: "DELETE", cookie: who.reviewer })).status).toBe(204);
    const refused = await withKey(secret, "/api/products");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: "Unauthorized",
      message: "The API key “Short-lived” was revoked. Create a new one under Account → API keys.",
    });

    const live = await ownKey(who.reviewer, "Until turned off", "reviewer");
    expect((await withKey(live, "/api/products")).status).toBe(200);
    const users = await (await api("/api/users", { cookie: who.admin })).json();
    const reviewer = users.find((u: { email: string }) => u.email === who.emails.reviewer);
    expect(
      (await api(`/api/users/${reviewer.id}`, { method: "PATCH", cookie: who.admin, json: { disabled: true } })).status,
    ).toBe(200);
    const off = await withKey(live, "/api/products");
    expect(off.status).toBe(401);
    expect((await off.json()).message).toBe(
      "The account of the API key “Until turned off” is turned off. Ask an admin.",
    );
  });

  it(`answer 429 with Retry-After past ${API_KEY_LIMIT} requests a minute, for that key only`, async () => {
    const busy = await ownKey(who.admin, "Busy", "reviewer");
    const calm = await ownKey(who.admin, "Calm", "reviewer");
    const statuses: number[] = [];
    for (let i = 0; i < API_KEY_LIMIT; i++) statuses.push((await withKey(busy, "/api/session")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_KEY_LIMIT);
    const limited = await withKey(busy, "/api/session");
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await limited.json()).message).toMatch(
      /^This API key made more than 120 requests in a minute\. Try again in \d+ s\.$/,
    );
    expect((await withKey(calm, "/api/session")).status).toBe(200);
  });

  it("admins give a service account keys; it never signs in, and what it does is audited via the key", async () => {
    const made = await api("/api/service-accounts", {
      cookie: who.admin,
      json: { name: "DAM export", role: "editor" },
    });
    expect(made.status).toBe(201);
    const account = await made.json();
    expect(account).toMatchObject({ name: "DAM export", role: "editor", active_keys: 0 });
    expect(
      (await api("/api/service-accounts", { cookie: who.admin, json: { name: "Too high", role: "admin" } })).status,
    ).toBe(400);
    expect(
      (await api("/api/service-accounts", { cookie: who.editor, json: { name: "Mine", role: "editor" } })).status,
    ).toBe(403);
    const users = await (await api("/api/users", { cookie: who.admin })).json();
    expect(users.map((u: { id: string }) => u.id)).not.toContain(account.id);

    const keyAnswer = await api(`/api/service-accounts/${account.id}/keys`, {
      cookie: who.admin,
      json: { name: "DAM nightly", role: "editor", expires_in_days: 90 },
    });
    expect(keyAnswer.status).toBe(201);
    const { key, secret } = await keyAnswer.json();
    const session = await (await withKey(secret, "/api/session")).json();
    expect(session.user).toMatchObject({ id: account.id, role: "editor", email: "dam-export@service-account.invalid" });
    const signIn = await api("/api/session", {
      json: { email: "dam-export@service-account.invalid", password: "any-password-123" },
    });
    expect(signIn.status).toBe(401);
    expect((await api(`/api/users/${account.id}/password`, { method: "POST", cookie: who.admin })).status).toBe(409);

    const listed = await (await api("/api/service-accounts", { cookie: who.admin })).json();
    expect(listed.find((a: { id: string }) => a.id === account.id).active_keys).toBe(1);
    expect((await api(`/api/keys/${key.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(204);
    expect((await withKey(secret, "/api/session")).status).toBe(401);
    const lines = await auditOf(bff().admin.email);
    expect(lines.slice(0, 3).map((l) => [l.action, l.detail.name])).toEqual([
      ["api_key.revoked", "DAM nightly"],
      ["api_key.created", "DAM nightly"],
      ["service_account.created", "DAM export"],
    ]);
  });
});
