import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { resetEnvForTests } from "@/lib/env";
import { getPasswordSignIn, setPasswordSignIn } from "./password-sign-in";
import { signInWithPassword } from "./sign-in";
import { createUser, deleteUser } from "./users";

// The switch that leaves password sign-in to one break-glass admin once company sign-in is set up.

describe("password sign-in for a break-glass admin only", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  const people = { root: "root@acme.test", ana: "ana@acme.test", kim: "kim@acme.test" };
  const PASSWORD = "granite-orchard-bell-5";
  let rootId: string;
  let anaId: string;

  beforeAll(async () => {
    env = useTestEnv({
      OIDC_ISSUER: "https://id.acme.test",
      OIDC_CLIENT_ID: "studio",
      OIDC_CLIENT_SECRET: "client-secret-of-studio",
      OIDC_NAME: "Sign in with Okta",
    });
    db = await useMemoryDb();
    rootId = (await createUser({ email: people.root, password: PASSWORD, role: "admin" })).id;
    anaId = (await createUser({ email: people.ana, password: PASSWORD, role: "editor" })).id;
    await createUser({ email: people.kim, password: PASSWORD, role: "admin" });
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  const signIn = (email: string) => signInWithPassword({ email, password: PASSWORD, address: "192.0.2.9" });
  const actor = () => ({ id: rootId, email: people.root });

  it("lets everyone in by default", async () => {
    expect(await getPasswordSignIn()).toEqual({ mode: "everyone" });
    expect((await signIn(people.ana)).id).toBe(anaId);
  });

  it("turned off, refuses anyone else with words pointing to the company sign-in, and records it", async () => {
    expect(await setPasswordSignIn(actor(), { mode: "break_glass", adminId: rootId }, "192.0.2.1")).toEqual({
      mode: "break_glass",
      admin: { id: rootId, email: people.root },
    });
    await expect(signIn(people.ana)).rejects.toMatchObject({
      status: 403,
      message: "Password sign-in is turned off here. Use “Sign in with Okta” instead.",
    });
    await expect(signIn(people.kim)).rejects.toMatchObject({ status: 403 });
    expect((await signIn(people.root)).id).toBe(rootId);
    const rows = await db.query<{ action: string; actor_email: string; target_email: string | null; detail: unknown }>(
      "SELECT action, actor_email, target_email, detail FROM audit_events WHERE action IN ('settings.password_sign_in', 'sign_in.failed') ORDER BY id",
    );
    expect(rows).toEqual([
      {
        action: "settings.password_sign_in",
        actor_email: people.root,
        target_email: people.root,
        detail: { mode: "break_glass" },
      },
      {
        action: "sign_in.failed",
        actor_email: people.ana,
        target_email: null,
        detail: { reason: "password sign-in turned off" },
      },
      {
        action: "sign_in.failed",
        actor_email: people.kim,
        target_email: null,
        detail: { reason: "password sign-in turned off" },
      },
    ]);
  });

  it("takes only an active admin as the break-glass account", async () => {
    await expect(setPasswordSignIn(actor(), { mode: "break_glass", adminId: anaId }, null)).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      setPasswordSignIn(actor(), { mode: "break_glass", adminId: "no-such-user" }, null),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("turned back on, lets everyone in again", async () => {
    await setPasswordSignIn(actor(), { mode: "everyone" }, null);
    expect((await signIn(people.ana)).id).toBe(anaId);
  });

  it("lets nobody in by password once the break-glass account is deleted", async () => {
    const spare = await createUser({ email: "spare@acme.test", password: PASSWORD, role: "admin" });
    await setPasswordSignIn(actor(), { mode: "break_glass", adminId: spare.id }, null);
    await deleteUser(spare.id);
    expect(await getPasswordSignIn()).toEqual({ mode: "break_glass", admin: null });
    await expect(signIn(people.root)).rejects.toMatchObject({ status: 403 });
    await setPasswordSignIn(actor(), { mode: "everyone" }, null);
  });

  it("does not apply without company sign-in: passwords are then the only way in", async () => {
    await setPasswordSignIn(actor(), { mode: "break_glass", adminId: rootId }, null);
    const saved = process.env.OIDC_ISSUER;
    delete process.env.OIDC_ISSUER;
    resetEnvForTests();
    try {
      expect((await signIn(people.ana)).id).toBe(anaId);
      await expect(setPasswordSignIn(actor(), { mode: "break_glass", adminId: rootId }, null)).rejects.toMatchObject({
        status: 409,
      });
    } finally {
      process.env.OIDC_ISSUER = saved;
      resetEnvForTests();
    }
  });
});
