import { afterAll, beforeAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetEnvForTests } from "@/lib/env";
import { openDb, setDbForTests, type Db } from "./client";

// Test helpers: a complete dummy environment in a temporary DATA_DIR, and a fresh in-memory
// PGlite installed as the process database.

export function useTestEnv(extra: Record<string, string | undefined> = {}): { dataDir: string; cleanup: () => void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ps-test-"));
  const values: Record<string, string | undefined> = {
    PVS_BASE_URL: "http://127.0.0.1:1/api/v1",
    PVS_ASSET_URL: "http://127.0.0.1:1/assets",
    PVS_API_TOKEN: "test-token",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    ...extra,
  };
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  };
  apply(values);
  return {
    dataDir,
    cleanup: () => {
      apply(saved);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function useMemoryDb(): Promise<Db> {
  const db = await openDb({ memory: true });
  setDbForTests(db);
  return db;
}

/**
 * A dummy environment and a fresh in-memory database for one describe block (or file), closed
 * after it: `const t = testDatabase();` then `t.db` inside the tests.
 */
export function testDatabase(extra: Record<string, string | undefined> = {}): {
  readonly db: Db;
  readonly dataDir: string;
} {
  let db: Db | undefined;
  let env: ReturnType<typeof useTestEnv> | undefined;
  // Called by name here, not as hooks: these are plain set-up functions with a `use` prefix.
  const [setEnv, openDb] = [useTestEnv, useMemoryDb];
  beforeAll(async () => {
    env = setEnv(extra);
    db = await openDb();
  });
  afterAll(async () => {
    setDbForTests(null);
    await db?.close();
    env?.cleanup();
  });
  return {
    get db() {
      if (!db) throw new Error("the test database opens in beforeAll");
      return db;
    },
    get dataDir() {
      if (!env) throw new Error("the test environment is set in beforeAll");
      return env.dataDir;
    },
  };
}
