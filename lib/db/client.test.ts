import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
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
          await tx.transaction((inner) =>
            inner.query("INSERT INTO products (id, name, template_id) VALUES ('n', 'N', '1')"),
          );
          throw new Error("undo");
        }),
      ).rejects.toThrow("undo");
      expect(await db.query("SELECT id FROM products")).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe("the embedded database's files", () => {
  /** Every folder and file under `dir` with its permission bits. */
  const modes = (dir: string): [string, number][] => [
    [dir, statSync(dir).mode & 0o777],
    ...readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name): [string, number] => [
      name,
      statSync(path.join(dir, name)).mode & 0o777,
    ]),
  ];

  it("are readable by this account only (folders 0700, files 0600), and mended at the next open", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "ps-db-modes-"));
    const dir = path.join(parent, "db");
    try {
      const db = await openDb({ dir });
      await db.query("INSERT INTO products (id, name, template_id) VALUES ('secret', 'Secret', '1')");
      await db.close();
      const all = modes(dir);
      expect(all.length).toBeGreaterThan(100);
      expect(all.filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);
      expect(all[0][1]).toBe(0o700);
      expect(statSync(path.join(dir, "PG_VERSION")).mode & 0o777).toBe(0o600);

      // A database left world-readable (as PGlite made them before) is mended when it is opened.
      chmodSync(dir, 0o755);
      chmodSync(path.join(dir, "PG_VERSION"), 0o666);
      chmodSync(path.join(dir, "base"), 0o777);
      const again = await openDb({ dir, migrate: false });
      await again.close();
      expect(modes(dir).filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);
});
