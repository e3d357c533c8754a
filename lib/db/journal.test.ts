import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDb, setDbForTests, type Db } from "./client";
import { journalPath } from "./journal";
import { getPredictionRecord, recordPrediction } from "./predictions";
import { getProductRecord, listProducts, recordProduct } from "./products";
import { reconcileJournal } from "./reconcile";
import { useMemoryDb, useTestEnv } from "./testing";

// A database that refuses every query, standing in for an outage.
const brokenDb: Db = {
  kind: "pglite",
  query: () => Promise.reject(new Error("database is down")),
  exec: () => Promise.reject(new Error("database is down")),
  transaction: () => Promise.reject(new Error("database is down")),
  close: () => Promise.resolve(),
};

describe("registry journal", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "info").mockImplementation(() => undefined);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("journals what the database will not take, and replays it", async () => {
    setDbForTests(brokenDb);
    expect(
      await recordProduct({ id: "p9", name: "Vase", templateId: "3", textureKeys: ["body"], createdBy: null }),
    ).toBe("journaled");
    expect(
      await recordPrediction({ id: "r9", productId: "p9", prompt: "p", aspectRatio: "4:5", createdBy: null }),
    ).toBe("journaled");
    const lines = readFileSync(journalPath(), "utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).kind)).toEqual(["product", "prediction"]);

    // Still down: replay keeps everything.
    expect(await reconcileJournal()).toBe(0);
    expect(readFileSync(journalPath(), "utf8").trim().split("\n")).toHaveLength(2);

    setDbForTests(db);
    expect(await reconcileJournal()).toBe(2);
    expect(existsSync(journalPath())).toBe(false);
    expect(await getProductRecord("p9")).toMatchObject({ name: "Vase", textureKeys: ["body"] });
    expect(await getPredictionRecord("r9")).toMatchObject({ aspectRatio: "4:5" });
    expect(await reconcileJournal()).toBe(0);
  });

  it("replays before listing products", async () => {
    setDbForTests(brokenDb);
    await recordProduct({ id: "p10", name: "Cup", templateId: "3", textureKeys: [], createdBy: null });
    setDbForTests(db);
    expect((await listProducts()).map((p) => p.id)).toContain("p10");
    expect(existsSync(journalPath())).toBe(false);
  });

  it("a closed database journals too", async () => {
    const closed = await openDb({ memory: true });
    await closed.close();
    setDbForTests(closed);
    expect(await recordProduct({ id: "p11", name: "Bowl", templateId: "3", textureKeys: [], createdBy: null })).toBe(
      "journaled",
    );
    setDbForTests(db);
    expect(await reconcileJournal()).toBe(1);
  });
});
