import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { resetEnvForTests } from "@/lib/env";
import { SESSION_COOKIE } from "./session-cookie";
import {
  clearedSessionCookieHeader,
  currentUser,
  readCookie,
  readSession,
  sealSession,
  sessionCookieHeader,
  signOut,
} from "./session";
import { createUser, createUserFromCompanySignIn, deleteUser, setDisabled, setPassword } from "./users";

const requestWith = (sealed: string) =>
  new Request("http://localhost/api/session", { headers: { cookie: `other=1; ${SESSION_COOKIE}=${sealed}` } });

describe("session", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    // Some admin must stay, so the users under test can be disabled and deleted.
    await createUser({ email: "root@example.com", password: "plum-orchard-41", role: "admin" });
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("seals and reads back the user", async () => {
    const user = await createUser({ email: "sam@example.com", password: "plum-orchard-41", role: "editor" });
    const sealed = await sealSession(user.id);
    const claims = await readSession(requestWith(sealed));
    expect(claims).toMatchObject({ userId: user.id, epoch: 0 });
    expect(typeof claims?.issuedAt).toBe("number");
    expect(await currentUser(requestWith(sealed))).toEqual({
      id: user.id,
      email: "sam@example.com",
      role: "editor",
      password_change_required: false,
      has_password: true,
    });
  });

  it("says when a person has no password here (company sign-in only), until an admin gives them one", async () => {
    const { user } = await createUserFromCompanySignIn({ email: "sso@example.com", role: "reviewer" });
    expect((await currentUser(requestWith(await sealSession(user.id))))?.has_password).toBe(false);
    await setPassword(user.id, "plum-orchard-41", true);
    expect((await currentUser(requestWith(await sealSession(user.id))))?.has_password).toBe(true);
  });

  it("refuses a missing, tampered or foreign-secret cookie", async () => {
    const user = await createUser({ email: "tam@example.com", password: "plum-orchard-41", role: "editor" });
    const sealed = await sealSession(user.id);
    expect(await currentUser(new Request("http://localhost/"))).toBeNull();
    const flipped = sealed.slice(0, 40) + (sealed[40] === "a" ? "b" : "a") + sealed.slice(41);
    expect(await readSession(requestWith(flipped))).toBeNull();
    expect(await currentUser(requestWith("garbage"))).toBeNull();

    process.env.SESSION_SECRET = "another-secret-another-secret-another-1";
    resetEnvForTests();
    try {
      expect(await currentUser(requestWith(sealed))).toBeNull();
    } finally {
      process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
      resetEnvForTests();
    }
    expect(await currentUser(requestWith(sealed))).not.toBeNull();
  });

  it("refuses a disabled user at once, and does not revive the cookie on re-enable", async () => {
    const user = await createUser({ email: "dee@example.com", password: "plum-orchard-41", role: "reviewer" });
    const sealed = await sealSession(user.id);
    await setDisabled(user.id, true);
    expect(await currentUser(requestWith(sealed))).toBeNull();
    await setDisabled(user.id, false);
    expect(await currentUser(requestWith(sealed))).toBeNull();
    expect(await currentUser(requestWith(await sealSession(user.id)))).not.toBeNull();
  });

  it("refuses a deleted user and a cookie from before a password change", async () => {
    const user = await createUser({ email: "del@example.com", password: "plum-orchard-41", role: "editor" });
    const sealed = await sealSession(user.id);
    await setPassword(user.id, "quiet-harbour-72");
    expect(await currentUser(requestWith(sealed))).toBeNull();
    const fresh = await sealSession(user.id);
    await deleteUser(user.id);
    expect(await currentUser(requestWith(fresh))).toBeNull();
  });

  it("refuses a cookie replayed after sign-out", async () => {
    const user = await createUser({ email: "out@example.com", password: "plum-orchard-41", role: "editor" });
    const sealed = await sealSession(user.id);
    expect(await currentUser(requestWith(sealed))).not.toBeNull();
    const cleared = await signOut(requestWith(sealed));
    expect(cleared).toBe(clearedSessionCookieHeader());
    expect(await currentUser(requestWith(sealed))).toBeNull();
    // A new sign-in works again.
    expect(await currentUser(requestWith(await sealSession(user.id)))).not.toBeNull();
  });

  it("does not end a newer session when an old, signed-out cookie is replayed", async () => {
    const user = await createUser({ email: "replay@example.com", password: "plum-orchard-41", role: "editor" });
    const a = await sealSession(user.id);
    await signOut(requestWith(a));
    const b = await sealSession(user.id);
    await signOut(requestWith(a));
    expect(await currentUser(requestWith(b))).not.toBeNull();
    // B itself still signs out.
    await signOut(requestWith(b));
    expect(await currentUser(requestWith(b))).toBeNull();
  });

  it("writes the cookie headers", () => {
    expect(sessionCookieHeader("abc")).toBe("ps_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800");
    expect(clearedSessionCookieHeader()).toBe(
      "ps_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    );
    vi.stubEnv("NODE_ENV", "production");
    resetEnvForTests();
    try {
      expect(sessionCookieHeader("abc")).toMatch(/; Secure$/);
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });

  it("parses the Cookie header", () => {
    expect(readCookie("a=1; ps_session=x%3Dy; b=2", "ps_session")).toBe("x=y");
    expect(readCookie("ps_sessionx=1", "ps_session")).toBeNull();
    expect(readCookie(null, "ps_session")).toBeNull();
  });
});
