import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, setDisabled } from "@/lib/auth/users";
import { setDbForTests, type Db } from "./client";
import { findActiveShare, fixLegacyShareIds, insertShare, listShares, revokeShare } from "./shares";
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
    const share = await insertShare({
      tokenHash: "h1",
      title: "T",
      filter: { q: "beach" },
      predictionIds: ["p2", "p1"],
      createdBy: owner.id,
      expiresAt,
    });
    expect(share).toMatchObject({
      title: "T",
      filter: { q: "beach" },
      predictionIds: ["p2", "p1"],
      createdByEmail: "owner@example.com",
      expiresAt: expiresAt.toISOString(),
      revokedAt: null,
    });
    expect((await findActiveShare("h1", new Date("2030-01-10T11:59:59.000Z")))?.id).toBe(share.id);
    expect(await findActiveShare("h1", expiresAt)).toBeNull();
    expect(await findActiveShare("h1", new Date("2031-01-01T00:00:00.000Z"))).toBeNull();
    expect(await findActiveShare("unknown", new Date("2030-01-01T00:00:00.000Z"))).toBeNull();
  });

  it("revokes: only the owner's own unless unrestricted, idempotently", async () => {
    const share = await insertShare({
      tokenHash: "h2",
      title: null,
      filter: {},
      predictionIds: [],
      createdBy: owner.id,
      expiresAt,
    });
    const before = new Date("2030-01-01T00:00:00.000Z");
    expect(await revokeShare(share.id, other.id)).toBeNull();
    expect(await findActiveShare("h2", before)).not.toBeNull();
    expect(await revokeShare(share.id, owner.id)).toMatchObject({ id: share.id });
    expect(await revokeShare(share.id)).toMatchObject({ id: share.id });
    expect(await findActiveShare("h2", before)).toBeNull();
    expect(await revokeShare("no-such-id")).toBeNull();
  });

  it("lists per creator or all, and a deleted user's links go with them", async () => {
    await insertShare({ tokenHash: "h3", title: null, filter: {}, predictionIds: [], createdBy: other.id, expiresAt });
    expect((await listShares(owner.id)).map((s) => s.createdBy)).toEqual([owner.id, owner.id]);
    expect(await listShares()).toHaveLength(3);
    await db.query("DELETE FROM users WHERE id = $1", [other.id]);
    expect(await findActiveShare("h3", new Date("2030-01-01T00:00:00.000Z"))).toBeNull();
  });

  it("stops answering for a disabled maker, and answers again once re-enabled", async () => {
    // Disabling is refused while no other admin is active.
    await createUser({ email: "admin@example.com", password: "share-maker-password-long", role: "admin" });
    const maker = await createUser({
      email: "maker@example.com",
      password: "share-maker-password-long",
      role: "editor",
    });
    await insertShare({
      tokenHash: "h4",
      title: null,
      filter: {},
      predictionIds: ["p1"],
      createdBy: maker.id,
      expiresAt,
    });
    const at = new Date("2030-01-01T00:00:00.000Z");
    expect(await findActiveShare("h4", at)).not.toBeNull();
    await setDisabled(maker.id, true);
    expect(await findActiveShare("h4", at)).toBeNull();
    await setDisabled(maker.id, false);
    expect(await findActiveShare("h4", at)).not.toBeNull();
  });

  it("names the product of a one-product view, and fixes a pre-ids link's ids once", async () => {
    await db.query(`INSERT INTO products (id, name, template_id) VALUES ('prod-9', 'Amber Bottle', '3')`);
    await db.query(
      `INSERT INTO shares (id, token_hash, filter, created_by, expires_at) VALUES ('legacy', 'h5', '{"product_id":"prod-9"}'::jsonb, $1, $2)`,
      [owner.id, expiresAt.toISOString()],
    );
    const legacy = await findActiveShare("h5", new Date("2030-01-01T00:00:00.000Z"));
    expect(legacy).toMatchObject({ predictionIds: null, productName: "Amber Bottle" });
    expect(await fixLegacyShareIds("legacy", ["a", "b"])).toEqual(["a", "b"]);
    // A second instance fixing it at the same time keeps the first answer.
    expect(await fixLegacyShareIds("legacy", ["c"])).toEqual(["a", "b"]);
  });
});
