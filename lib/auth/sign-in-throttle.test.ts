import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import {
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  assertNotLocked,
  clearFailures,
  recordFailure,
  tryAgainIn,
} from "./sign-in-throttle";

// Against a real (in-memory PGlite) database: the counters are rows, as two instances share them.

describe("sign-in throttle", () => {
  const t = testDatabase();

  it("locks an account after its limit of failures, not before, and not other accounts", async () => {
    const attempt = { email: "pat@example.com", address: "198.51.100.1" };
    for (let i = 0; i < ACCOUNT_LIMIT.failures; i++) {
      await assertNotLocked(attempt);
      await recordFailure(attempt);
    }
    const locked = await assertNotLocked(attempt).catch((e) => e);
    expect(locked).toMatchObject({ status: 429, message: "Too many attempts. Try again in 5 minutes." });
    expect(locked.retryAfter).toBeGreaterThan(ACCOUNT_LIMIT.lockSeconds - 5);
    expect(locked.retryAfter).toBeLessThanOrEqual(ACCOUNT_LIMIT.lockSeconds);
    // Same address, other account: still allowed (the address limit is looser).
    await expect(assertNotLocked({ email: "kim@example.com", address: "198.51.100.1" })).resolves.toBeUndefined();
    // The account is locked from any address.
    await expect(assertNotLocked({ email: "pat@example.com", address: "203.0.113.7" })).rejects.toMatchObject({
      status: 429,
    });
  });

  it("locks an address after its looser limit, spread over many accounts", async () => {
    const address = "198.51.100.2";
    for (let i = 0; i < ADDRESS_LIMIT.failures; i++) {
      const attempt = { email: `user${i}@example.com`, address };
      await assertNotLocked(attempt);
      await recordFailure(attempt);
    }
    await expect(assertNotLocked({ email: "fresh@example.com", address })).rejects.toMatchObject({
      status: 429,
      message: "Too many attempts. Try again in 15 minutes.",
    });
    await expect(assertNotLocked({ email: "fresh@example.com", address: "198.51.100.3" })).resolves.toBeUndefined();
  });

  it("forgets an account's failures after a success, and an old window", async () => {
    const attempt = { email: "lee@example.com", address: null };
    for (let i = 0; i < ACCOUNT_LIMIT.failures - 1; i++) await recordFailure(attempt);
    await clearFailures(attempt);
    await recordFailure(attempt);
    await expect(assertNotLocked(attempt)).resolves.toBeUndefined();
    // A window that started long ago starts again at one.
    await t.db.query("UPDATE sign_in_throttle SET window_started_at = now() - interval '1 hour' WHERE key = $1", [
      "account:lee@example.com",
    ]);
    for (let i = 0; i < ACCOUNT_LIMIT.failures - 1; i++) await recordFailure(attempt);
    await expect(assertNotLocked(attempt)).resolves.toBeUndefined();
    const [row] = await t.db.query<{ failures: number }>("SELECT failures FROM sign_in_throttle WHERE key = $1", [
      "account:lee@example.com",
    ]);
    expect(row.failures).toBe(ACCOUNT_LIMIT.failures - 1);
  });

  it("says when to try again in words", () => {
    expect(tryAgainIn(299)).toBe("Try again in 5 minutes.");
    expect(tryAgainIn(20)).toBe("Try again in 1 minute.");
  });
});
