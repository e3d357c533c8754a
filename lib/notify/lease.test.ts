import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { useMemoryDb } from "@/lib/db/testing";
import { holdLease, releaseLease } from "./lease";

describe("lease", () => {
  let db: Db;
  beforeAll(async () => {
    db = await useMemoryDb();
  });
  afterAll(() => db.close());

  it("is held by one holder at a time, renewed by it, and taken over once it expires", async () => {
    expect(await holdLease(db, "job", "a", 60_000)).toBe(true);
    expect(await holdLease(db, "job", "b", 60_000)).toBe(false);
    expect(await holdLease(db, "job", "a", 60_000)).toBe(true);
    // A lease that has run out (its holder stopped renewing) goes to the next asker.
    await db.query("UPDATE leases SET expires_at = now() - interval '1 second' WHERE name = 'job'");
    expect(await holdLease(db, "job", "b", 60_000)).toBe(true);
    expect(await holdLease(db, "job", "a", 60_000)).toBe(false);
  });

  it("is handed on at once when its holder releases it", async () => {
    expect(await holdLease(db, "other", "a", 60_000)).toBe(true);
    await releaseLease(db, "other", "b"); // not b's to release
    expect(await holdLease(db, "other", "b", 60_000)).toBe(false);
    await releaseLease(db, "other", "a");
    expect(await holdLease(db, "other", "b", 60_000)).toBe(true);
  });
});
