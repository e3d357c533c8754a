import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { ensureFirstAdmin } from "./first-admin";
import * as password from "./password";
import {
  createUser,
  deleteUser,
  findUserByEmail,
  getUserById,
  listUsers,
  setDisabled,
  setPassword,
  setRole,
  verifyCredentials,
} from "./users";

describe("users", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("generates the first admin once", async () => {
    const first = await ensureFirstAdmin();
    expect(first).toMatchObject({ email: "admin@example.com", created: true });
    expect(first.password).toMatch(/^[\w-]{24}$/);
    // A generated password was printed: it must be replaced at the first sign-in.
    expect(await verifyCredentials("Admin@Example.com", first.password!)).toMatchObject({
      role: "admin",
      passwordChangeRequired: true,
    });
    const second = await ensureFirstAdmin();
    expect(second).toEqual({ email: "admin@example.com", created: false });
    expect(await listUsers()).toHaveLength(1);
  });

  it("creates users with lower-cased emails and refuses duplicates with 409", async () => {
    const user = await createUser({ email: " Eve@Example.COM ", password: "plum-orchard-41", role: "editor" });
    expect(user).toMatchObject({ email: "eve@example.com", role: "editor", disabledAt: null });
    expect(user).not.toHaveProperty("passwordHash");
    expect(await findUserByEmail("EVE@example.com")).toEqual(user);
    expect(await getUserById(user.id)).toEqual(user);
    const dup = createUser({ email: "eve@example.com", password: "quiet-harbour-72", role: "reviewer" });
    await expect(dup).rejects.toBeInstanceOf(AppError);
    await expect(dup).rejects.toMatchObject({ code: "conflict", status: 409 });
  });

  it("validates input", async () => {
    await expect(
      createUser({ email: "not-an-email", password: "plum-orchard-41", role: "editor" }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(createUser({ email: "a@b.co", password: "short", role: "editor" })).rejects.toMatchObject({
      status: 400,
    });
    // @ts-expect-error an unknown role from an untyped caller
    await expect(createUser({ email: "a@b.co", password: "plum-orchard-41", role: "owner" })).rejects.toMatchObject({
      status: 400,
    });
  });

  it("verifies credentials: right, wrong, unknown (with a dummy check) and disabled", async () => {
    const user = await createUser({ email: "rita@example.com", password: "plum-orchard-41", role: "reviewer" });
    expect((await verifyCredentials("rita@example.com", "plum-orchard-41"))?.id).toBe(user.id);
    expect(await verifyCredentials("rita@example.com", "quiet-harbour-72")).toBeNull();

    const dummy = vi.spyOn(password, "verifyAgainstDummy");
    expect(await verifyCredentials("nobody@example.com", "plum-orchard-41")).toBeNull();
    expect(dummy).toHaveBeenCalledTimes(1);

    await setDisabled(user.id, true);
    expect(await verifyCredentials("rita@example.com", "plum-orchard-41")).toBeNull();
    await setDisabled(user.id, false);
    expect(await verifyCredentials("rita@example.com", "plum-orchard-41")).not.toBeNull();
  });

  it("changes role and password, deletes", async () => {
    const user = await createUser({ email: "ed@example.com", password: "plum-orchard-41", role: "editor" });
    expect((await setRole(user.id, "reviewer")).role).toBe("reviewer");
    await setPassword(user.id, "tidal-lantern-93");
    expect(await verifyCredentials("ed@example.com", "plum-orchard-41")).toBeNull();
    expect(await verifyCredentials("ed@example.com", "tidal-lantern-93")).not.toBeNull();
    await deleteUser(user.id);
    expect(await getUserById(user.id)).toBeNull();
    await expect(deleteUser(user.id)).rejects.toMatchObject({ status: 404 });
    await expect(setRole("missing", "editor")).rejects.toMatchObject({ status: 404 });
    await expect(setPassword("missing", "plum-orchard-41")).rejects.toMatchObject({ status: 404 });
  });

  it("never leaves the app without an active admin", async () => {
    const admin = (await findUserByEmail("admin@example.com"))!;
    await expect(setRole(admin.id, "editor")).rejects.toMatchObject({ status: 409 });
    await expect(setDisabled(admin.id, true)).rejects.toMatchObject({ status: 409 });
    await expect(deleteUser(admin.id)).rejects.toMatchObject({ status: 409 });
    expect((await getUserById(admin.id))?.role).toBe("admin");
    const other = await createUser({ email: "boss@example.com", password: "plum-orchard-41", role: "admin" });
    await setRole(admin.id, "editor");
    expect((await getUserById(admin.id))?.role).toBe("editor");
    await setRole(admin.id, "admin");
    await deleteUser(other.id);
  });
});

describe("first admin from ADMIN_EMAIL / ADMIN_PASSWORD", () => {
  it("uses them, and leaves an existing user's password alone", async () => {
    const env = useTestEnv({ ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "configured-lantern-7" });
    const db = await useMemoryDb();
    try {
      expect(await ensureFirstAdmin()).toEqual({ email: "owner@example.com", created: true });
      // The operator chose it: not forced.
      expect(await verifyCredentials("owner@example.com", "configured-lantern-7")).toMatchObject({
        role: "admin",
        passwordChangeRequired: false,
      });
      const owner = (await findUserByEmail("owner@example.com"))!;
      await setPassword(owner.id, "changed-later-lantern");
      expect(await ensureFirstAdmin()).toEqual({ email: "owner@example.com", created: false });
      expect(await verifyCredentials("owner@example.com", "changed-later-lantern")).not.toBeNull();
    } finally {
      setDbForTests(null);
      await db.close();
      env.cleanup();
    }
  });
});
