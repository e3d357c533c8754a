import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import * as password from "./password";
import { signInWithPassword } from "./sign-in";
import { ACCOUNT_LIMIT } from "./sign-in-throttle";
import { createUser } from "./users";

describe("signing in", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    await createUser({ email: "ana@example.com", password: "copper-kettle-song-1", role: "editor" });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  const audit = () =>
    db.query<{ action: string; actor_email: string; ip: string | null; detail: unknown }>(
      "SELECT action, actor_email, ip, detail FROM audit_events ORDER BY id",
    );

  it("records success and failure with the typed email and address, never the password", async () => {
    await expect(signInWithPassword({ email: "ANA@example.com", password: "wrong-kettle", address: "192.0.2.4" })).rejects.toMatchObject({ status: 401 });
    await signInWithPassword({ email: "ana@example.com", password: "copper-kettle-song-1", address: "192.0.2.4" });
    const rows = await audit();
    expect(rows).toEqual([
      { action: "sign_in.failed", actor_email: "ana@example.com", ip: "192.0.2.4", detail: {} },
      { action: "sign_in.succeeded", actor_email: "ana@example.com", ip: "192.0.2.4", detail: {} },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/kettle/);
  });

  it("refuses a locked account before any password hashing", async () => {
    const attempt = { email: "ana@example.com", address: "192.0.2.5" };
    for (let i = 0; i < ACCOUNT_LIMIT.failures; i++) {
      await expect(signInWithPassword({ ...attempt, password: `nope-${i}` })).rejects.toMatchObject({ status: 401 });
    }
    const verify = vi.spyOn(password, "verifyPassword");
    const dummy = vi.spyOn(password, "verifyAgainstDummy");
    await expect(signInWithPassword({ ...attempt, password: "copper-kettle-song-1" })).rejects.toMatchObject({
      status: 429,
      message: "Too many attempts. Try again in 5 minutes.",
    });
    expect(verify).not.toHaveBeenCalled();
    expect(dummy).not.toHaveBeenCalled();
  });
});
