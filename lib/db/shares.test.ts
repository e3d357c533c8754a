import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { setDbForTests, type Db } from "./client";
import { findActiveShare, insertShare, listShares, revokeShare } from "./shares";
import { useMemoryDb, useTestEnv } from "./testing";

describe("share registry", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  let owner: { id: string };
  let other: { id: string };
  const expiresAt = new Date("2030-01-10T12:00:00.000Z");
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    owner = await createUser({ email: "owner@example.com", password: "plum-orchard-41", role: "editor" });
    other = await createUser({ email: "other@example.com", password: "plum-orchard-41", role: "reviewer" });
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("finds a link by its token hash only before it expires (clock passed in, not read)", async () => {
    const share = await insertShare({ tokenHash: "h1", title: "T", filter: { q: "beach" }, createdBy: owner.id, expiresAt });
    expect(share).toMatchObject({ title: "T", filter: { q: "beach" }, createdByEmail: "owner@example.com", expiresAt: expiresAt.toISOString(), revokedAt: null });
    expect((await findActiveShare("h1", new Date("2030-01-10T11:59:59.000Z")))?.id).toBe(share.id);
    expect(await findActiveShare("h1", expiresAt)).toBeNull();
    expect(await findActiveShare("h1", new Date("2031-01-01T00:00:00.000Z"))).toBeNull();
    expect(await findActiveShare("unknown", new Date("2030-01-01T00:00:00.000Z"))).toBeNull();
  });

  it("revokes: only the owner's own unless unrestricted, idempotently", async () => {
    const share = await insertShare({ tokenHash: "h2", title: null, filter: {}, createdBy: owner.id, expiresAt });
    const before = new Date("2030-01-01T00:00:00.000Z");
    expect(await revokeShare(share.id, other.id)).toBe(false);
    expect(await findActiveShare("h2", before)).not.toBeNull();
    expect(await revokeShare(share.id, owner.id)).toBe(true);
    expect(await revokeShare(share.id)).toBe(true);
    expect(await findActiveShare("h2", before)).toBeNull();
    expect(await revokeShare("no-such-id")).toBe(false);
  });

  it("lists per creator or all, and a deleted user's links go with them", async () => {
    await insertShare({ tokenHash: "h3", title: null, filter: {}, createdBy: other.id, expiresAt });
    expect((await listShares(owner.id)).map((s) => s.createdBy)).toEqual([owner.id, owner.id]);
    expect(await listShares()).toHaveLength(3);
    await db.query("DELETE FROM users WHERE id = $1", [other.id]);
    expect(await findActiveShare("h3", new Date("2030-01-01T00:00:00.000Z"))).toBeNull();
  });
});
