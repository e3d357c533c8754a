import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { setDbForTests } from "./client";
import { getProductRecord, listProducts, markLoraStarted, recordProduct } from "./products";
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
});
