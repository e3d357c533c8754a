import { beforeAll, describe, expect, it } from "vitest";
import { api, signIn } from "./client";

let admin: string;
beforeAll(async () => {
  admin = await signIn();
});

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@bff.test`;

describe("users (admin)", () => {
  it("creates a user with a password, lists it, and the user can sign in", async () => {
    const email = unique("editor");
    const created = await api("/api/users", {
      cookie: admin,
      json: { email: email.toUpperCase(), role: "editor", password: "editor-pass-1" },
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toEqual({
      user: expect.objectContaining({ email, role: "editor", disabled: false, disabled_at: null }),
    });
    expect(body.password).toBeUndefined();
    const list = await (await api("/api/users", { cookie: admin })).json();
    expect(list.map((u: { email: string }) => u.email)).toContain(email);
    for (const user of list) expect(Object.keys(user)).not.toContain("password_hash");
    expect((await api("/api/session", { json: { email, password: "editor-pass-1" } })).status).toBe(200);
  });

  it("invites: without a password a one-time password is generated and answered once", async () => {
    const email = unique("invited");
    const created = await api("/api/users", { cookie: admin, json: { email, role: "reviewer" } });
    expect(created.status).toBe(201);
    const { user, password } = await created.json();
    expect(password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const cookie = await signIn(email, password);
    const me = await (await api("/api/session", { cookie })).json();
    // A generated password must be replaced before anything else (test/bff/passwords.test.ts).
    expect(me.user).toEqual({
      id: user.id,
      email,
      role: "reviewer",
      password_change_required: true,
      has_password: true,
    });
    expect(user.password_change_required).toBe(true);
    // The list never carries it again.
    expect(JSON.stringify(await (await api("/api/users", { cookie: admin })).json())).not.toContain(password);
  });

  it("changes the role, disables (ending the session) and enables", async () => {
    const email = unique("changing");
    const { user } = await (
      await api("/api/users", { cookie: admin, json: { email, role: "reviewer", password: "changing-pass" } })
    ).json();
    const cookie = await signIn(email, "changing-pass");
    const promoted = await api(`/api/users/${user.id}`, { method: "PATCH", cookie: admin, json: { role: "editor" } });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).role).toBe("editor");
    expect((await (await api("/api/session", { cookie })).json()).user.role).toBe("editor");
    const disabled = await (
      await api(`/api/users/${user.id}`, { method: "PATCH", cookie: admin, json: { disabled: true } })
    ).json();
    expect(disabled).toMatchObject({ disabled: true, disabled_at: expect.any(String) });
    expect((await api("/api/session", { cookie })).status).toBe(401);
    expect((await api("/api/session", { json: { email, password: "changing-pass" } })).status).toBe(401);
    await api(`/api/users/${user.id}`, { method: "PATCH", cookie: admin, json: { disabled: false } });
    expect((await api("/api/session", { json: { email, password: "changing-pass" } })).status).toBe(200);
  });

  it("deletes a user; refuses duplicates, bad roles, self-lockout and unknown ids", async () => {
    const email = unique("leaving");
    const { user } = await (
      await api("/api/users", { cookie: admin, json: { email, role: "editor", password: "leaving-pass" } })
    ).json();
    const dup = await api("/api/users", { cookie: admin, json: { email, role: "editor", password: "leaving-pass" } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: "Conflict", message: `A user with email ${email} already exists.` });
    const badRole = await api("/api/users", { cookie: admin, json: { email: unique("x"), role: "owner" } });
    expect(await badRole.json()).toEqual({ error: "Bad Request", message: "Role must be admin, editor or reviewer." });
    const short = await api("/api/users", {
      cookie: admin,
      json: { email: unique("x"), role: "editor", password: "short" },
    });
    expect(await short.json()).toEqual({ error: "Bad Request", message: "Use at least 12 characters." });
    expect((await api(`/api/users/${user.id}`, { method: "PATCH", cookie: admin, json: {} })).status).toBe(400);
    expect((await api(`/api/users/${user.id}`, { method: "DELETE", cookie: admin })).status).toBe(204);
    expect((await api("/api/session", { json: { email, password: "leaving-pass" } })).status).toBe(401);
    expect((await api(`/api/users/${user.id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
    const me = (await (await api("/api/session", { cookie: admin })).json()).user;
    const selfDelete = await api(`/api/users/${me.id}`, { method: "DELETE", cookie: admin });
    expect(selfDelete.status).toBe(409);
    const selfDemote = await api(`/api/users/${me.id}`, { method: "PATCH", cookie: admin, json: { role: "editor" } });
    expect(selfDemote.status).toBe(409);
  });
});
