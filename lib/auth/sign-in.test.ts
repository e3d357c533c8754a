import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { newDeviceCookieValue, readDevice } from "./device-cookie";
import * as password from "./password";
import { signInWithPassword } from "./sign-in";
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from "./sign-in-throttle";
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
    await expect(
      signInWithPassword({ email: "ANA@example.com", password: "wrong-kettle", address: "192.0.2.4" }),
    ).rejects.toMatchObject({ status: 401 });
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

  it("lets the person's own browser in while failures from elsewhere lock the account and the address", async () => {
    const ben = await createUser({ email: "ben@example.com", password: "quiet-harbour-lamp-2", role: "admin" });
    const other = await createUser({ email: "cy@example.com", password: "amber-willow-gate-3", role: "editor" });
    const device = newDeviceCookieValue(ben.id);
    // Someone who knows the email locks the account, and their own address, from elsewhere.
    for (let i = 0; i < ADDRESS_LIMIT.failures; i++) {
      await signInWithPassword({ email: "ben@example.com", password: `guess-${i}`, address: "198.51.100.9" }).catch(
        () => undefined,
      );
    }
    const right = { email: "ben@example.com", password: "quiet-harbour-lamp-2" };
    await expect(signInWithPassword({ ...right, address: "192.0.2.50" })).rejects.toMatchObject({ status: 429 });
    // The browser Ben signed in from before is let in, from any address, the attacker's included.
    expect((await signInWithPassword({ ...right, address: "192.0.2.50", device })).id).toBe(ben.id);
    expect((await signInWithPassword({ ...right, address: "198.51.100.9", device })).id).toBe(ben.id);
    // A forged cookie, another person's, or one signed with another secret is no device of Ben's.
    const [id, nonce] = device.split(".");
    for (const fake of [
      `${id}.${nonce}.${"A".repeat(43)}`,
      newDeviceCookieValue(other.id),
      `${id}.${nonce}`,
      "garbage",
    ]) {
      await expect(signInWithPassword({ ...right, address: "192.0.2.50", device: fake })).rejects.toMatchObject({
        status: 429,
      });
    }
  });

  it("locks a known device after its own failures, without counting them against the account", async () => {
    const dee = await createUser({ email: "dee@example.com", password: "silver-meadow-rain-4", role: "editor" });
    const device = newDeviceCookieValue(dee.id);
    for (let i = 0; i < ACCOUNT_LIMIT.failures; i++) {
      await expect(
        signInWithPassword({ email: "dee@example.com", password: `typo-${i}`, address: "192.0.2.60", device }),
      ).rejects.toMatchObject({ status: 401 });
    }
    await expect(
      signInWithPassword({ email: "dee@example.com", password: "silver-meadow-rain-4", address: "192.0.2.60", device }),
    ).rejects.toMatchObject({ status: 429 });
    expect(
      (await signInWithPassword({ email: "dee@example.com", password: "silver-meadow-rain-4", address: "192.0.2.60" }))
        .id,
    ).toBe(dee.id);
  });

  it("reads only cookies this app signed", () => {
    const value = newDeviceCookieValue("0b6f1c1e-1111-4222-8333-944445555666");
    expect(readDevice(value)).toMatchObject({ userId: "0b6f1c1e-1111-4222-8333-944445555666" });
    expect(readDevice(value.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
    expect(readDevice(null)).toBeNull();
    expect(readDevice("a.b.c.d")).toBeNull();
  });
});
