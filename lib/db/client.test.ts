import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDb, getDb, openDb } from "./client";
import { useTestEnv } from "./testing";

// The default: embedded PGlite on disk in ${DATA_DIR}/db, one per process, kept across reopen.

describe("getDb with embedded PGlite", () => {
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(() => {
    // A DATA_DIR that does not exist yet: getDb must create the parent folder.
    env = useTestEnv();
    process.env.DATA_DIR = path.join(env.dataDir, "nested", "data");
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    env.cleanup();
  });

  it("opens once per process, migrated, and keeps data across close and reopen", async () => {
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect(a.kind).toBe("pglite");
    expect(existsSync(path.join(env.dataDir, "nested", "data", "db"))).toBe(true);
    await a.query("INSERT INTO products (id, name, template_id) VALUES ('kept', 'Kept', '1')");
    await closeDb();
    await closeDb();
    const c = await getDb();
    expect(c).not.toBe(a);
    expect(await c.query("SELECT id FROM products")).toEqual([{ id: "kept" }]);
  });

  it("nests transactions into the outer one", async () => {
    const db = await openDb({ memory: true });
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.transaction((inner) => inner.query("INSERT INTO products (id, name, template_id) VALUES ('n', 'N', '1')"));
          throw new Error("undo");
        }),
      ).rejects.toThrow("undo");
      expect(await db.query("SELECT id FROM products")).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
