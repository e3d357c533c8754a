import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { setDbForTests } from "./client";
import {
  claimLoraCheck,
  getProductRecord,
  listProducts,
  markLoraLost,
  markLoraReady,
  markLoraStarted,
  nextVersions,
  recordProduct,
  renameProductRecord,
  setProductArchived,
} from "./products";
import { useMemoryDb, useTestEnv } from "./testing";

describe("product registry", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    await db.query("INSERT INTO users (id, email, role, password_hash) VALUES ('u1', 'a@b.co', 'editor', 'x')");
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("records a product and reads it back camelCase with ISO dates", async () => {
    expect(
      await recordProduct({
        id: "p1",
        name: "Mug",
        templateId: "7",
        templateName: "Mug template",
        textureKeys: ["front", "back"],
        createdBy: "u1",
        createdAt: "2025-01-02T03:04:05.000Z",
      }),
    ).toBe("recorded");
    expect(await getProductRecord("p1")).toEqual({
      id: "p1",
      name: "Mug",
      templateId: "7",
      templateName: "Mug template",
      textureKeys: ["front", "back"],
      createdBy: "u1",
      createdAt: "2025-01-02T03:04:05.000Z",
      loraStartedAt: null,
      loraReadyAt: null,
      loraCheckedAt: null,
      loraLostAt: null,
      previewUrl: null,
      archivedAt: null,
      previousVersionId: null,
    });
    expect(await getProductRecord("nope")).toBeNull();
  });

  it("is idempotent, and keeps a product whose creator no longer exists", async () => {
    await recordProduct({ id: "p1", name: "Other", templateId: "8", textureKeys: [], createdBy: "u1" });
    expect((await getProductRecord("p1"))?.name).toBe("Mug");
    await recordProduct({ id: "p2", name: "Lamp", templateId: "8", textureKeys: [], createdBy: "ghost" });
    expect(await getProductRecord("p2")).toMatchObject({ createdBy: null, templateName: null });
  });

  it("lists newest first", async () => {
    expect((await listProducts()).map((p) => p.id)).toEqual(["p2", "p1"]);
  });

  it("keeps the first LoRA start time", async () => {
    const first = await markLoraStarted("p1", "2025-02-01T00:00:00.000Z");
    expect(first?.loraStartedAt).toBe("2025-02-01T00:00:00.000Z");
    const again = await markLoraStarted("p1", new Date("2025-03-01T00:00:00.000Z"));
    expect(again?.loraStartedAt).toBe("2025-02-01T00:00:00.000Z");
    expect(await markLoraStarted("nope")).toBeNull();
  });

  it("records the LoRA ready once, forgets it when the service refuses, and lets one claim each check", async () => {
    await markLoraReady("p1", "2025-02-02T00:00:00.000Z");
    await markLoraReady("p1", "2025-02-03T00:00:00.000Z");
    expect(await getProductRecord("p1")).toMatchObject({ loraReadyAt: "2025-02-02T00:00:00.000Z", loraLostAt: null });
    await markLoraLost("p1", "2025-02-04T00:00:00.000Z");
    expect(await getProductRecord("p1")).toMatchObject({
      loraReadyAt: null,
      loraStartedAt: null,
      loraLostAt: "2025-02-04T00:00:00.000Z",
    });
    await markLoraStarted("p1", "2025-02-05T00:00:00.000Z");
    expect(await getProductRecord("p1")).toMatchObject({ loraStartedAt: "2025-02-05T00:00:00.000Z", loraLostAt: null });
    expect(await claimLoraCheck("p1", null, "2025-02-05T00:01:00.000Z")).toBe(true);
    // A second viewer who read the same (old) value loses the claim.
    expect(await claimLoraCheck("p1", null, "2025-02-05T00:01:00.000Z")).toBe(false);
    expect(await claimLoraCheck("p1", "2025-02-05T00:01:00.000Z", "2025-02-05T00:02:00.000Z")).toBe(true);
  });

  it("renames, archives keeping the first time, brings back, and links a new version to its old one", async () => {
    expect((await renameProductRecord("p1", "Mug 2", "2025-04-01T00:00:00.000Z"))?.name).toBe("Mug 2");
    expect(await renameProductRecord("nope", "x")).toBeNull();
    expect((await setProductArchived("p1", true, "2025-04-02T00:00:00.000Z"))?.archivedAt).toBe(
      "2025-04-02T00:00:00.000Z",
    );
    expect((await setProductArchived("p1", true, "2025-04-03T00:00:00.000Z"))?.archivedAt).toBe(
      "2025-04-02T00:00:00.000Z",
    );
    expect((await setProductArchived("p1", false))?.archivedAt).toBeNull();
    expect(await setProductArchived("nope", true)).toBeNull();
    await recordProduct({
      id: "p3",
      name: "Mug 3",
      templateId: "7",
      textureKeys: ["front"],
      createdBy: null,
      previousVersionId: "p1",
    });
    expect((await getProductRecord("p3"))?.previousVersionId).toBe("p1");
    expect(await nextVersions("p1")).toEqual([{ id: "p3", name: "Mug 3" }]);
    expect(await nextVersions("p3")).toEqual([]);
  });
});
