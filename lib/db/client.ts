import "server-only";
import { log } from "@/lib/log";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import pg from "pg";
import { DB_DIR } from "@/lib/data-dir";
import { env } from "@/lib/env";
import { countDbError } from "@/lib/metrics/metrics";
import { makeFolderPrivate, makeTreePrivate } from "@/lib/private-files";
import { migrate } from "./migrate";
import { databaseUnavailable, isDatabaseUnreachable, reachable } from "./unavailable";

const CONNECT_TIMEOUT_MS = 3_000;

// The one database client: embedded PGlite in DATA_DIR by default, a node-postgres Pool when
// DATABASE_URL is set. Everything above it speaks plain SQL through this small interface.

export interface Db {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Several statements in one call and no parameters (a migration), parsed by the database itself:
   * PGlite's exec, node-postgres's simple query.
   */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; a nested call joins the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  kind: "pglite" | "postgres";
  /**
   * The embedded database's files as one tar (PGlite's dumpDataDir), taken while no query runs:
   * a consistent copy of a database in use. Absent for PostgreSQL (use pg_dump).
   */
  dumpFiles?(): Promise<Blob>;
}

export type OpenDbOptions =
  { databaseUrl: string; migrate?: boolean } | { dir: string; migrate?: boolean } | { memory: true; migrate?: boolean };

/** Opens a database and (unless `migrate: false`) brings its schema up to date. */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  const db = "databaseUrl" in options ? openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await migrate(db);
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
  }
  return db;
}

async function openPglite(options: { dir: string } | { memory: true }): Promise<Db> {
  let dataDir: string | undefined;
  if ("dir" in options) {
    // PGlite needs the parent folder to exist before it creates its own; its own is 0700 from the
    // start, so no file in it is reachable by another account even for a moment.
    mkdirSync(path.dirname(path.resolve(options.dir)), { recursive: true });
    makeFolderPrivate(options.dir);
    dataDir = options.dir;
  }
  const lite = new PGlite(dataDir);
  await lite.waitReady;
  // PGlite writes its files 0666; they are made 0600 (folders 0700) at every open, which also
  // mends a database made by an earlier version. Files it adds later sit in a 0700 folder.
  if (dataDir) makeTreePrivate(dataDir);
  return pgliteDb(lite);
}

// Every failed query is counted for the metrics (by error class) and thrown on unchanged.
function counted<T>(kind: Db["kind"], run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    countDbError(kind, error);
    throw error;
  });
}

function pgliteDb(lite: PGlite): Db {
  const inTx = (tx: Transaction): Db => ({
    kind: "pglite",
    query: <T>(sql: string, params?: unknown[]) => counted("pglite", async () => (await tx.query<T>(sql, params)).rows),
    exec: (sql: string) => counted("pglite", async () => void (await tx.exec(sql))),
    transaction: (fn) => fn(inTx(tx)),
    close: () => Promise.reject(new Error("close() called inside a transaction")),
  });
  return {
    kind: "pglite",
    query: <T>(sql: string, params?: unknown[]) =>
      counted("pglite", async () => (await lite.query<T>(sql, params)).rows),
    exec: (sql: string) => counted("pglite", async () => void (await lite.exec(sql))),
    transaction: (fn) => lite.transaction((tx) => fn(inTx(tx))),
    close: async () => {
      if (!lite.closed) await lite.close();
    },
    // Uncompressed: the backup file is compressed as a whole (lib/backup/archive.ts).
    dumpFiles: () => lite.dumpDataDir("none"),
  };
}

function openPostgres(databaseUrl: string): Db {
  // A server that does not answer fails a request in seconds (then 503) rather than holding it.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", (error) => log.error({ err: error }, "idle Postgres client error"));
  const inTx = (client: pg.PoolClient): Db => ({
    kind: "postgres",
    query: <T>(sql: string, params?: unknown[]) =>
      counted("postgres", async () => (await client.query(sql, params as unknown[])).rows as T[]),
    // No parameters: node-postgres sends a simple query, which may hold several statements.
    exec: (sql: string) => counted("postgres", async () => void (await client.query(sql))),
    transaction: (fn) => fn(inTx(client)),
    close: () => Promise.reject(new Error("close() called inside a transaction")),
  });
  let closed = false;
  return {
    kind: "postgres",
    query: <T>(sql: string, params?: unknown[]) =>
      counted("postgres", () => reachable(async () => (await pool.query(sql, params as unknown[])).rows as T[])),
    exec: (sql: string) => counted("postgres", () => reachable(async () => void (await pool.query(sql)))),
    transaction: async (fn) => {
      const client = await reachable(() => pool.connect());
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await fn(inTx(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        if (!isDatabaseUnreachable(error)) throw error;
        broken = error instanceof Error ? error : new Error(String(error));
        throw databaseUnavailable(error);
      } finally {
        // A connection that broke is dropped, not handed to the next request.
        client.release(broken);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

// Kept on globalThis so Next's dev reloads reuse the open database instead of opening PGlite twice.
const holder = globalThis as typeof globalThis & { __productStudioDb?: Promise<Db> };

/** The process-wide database, opened and migrated on first use. */
export function getDb(): Promise<Db> {
  if (!holder.__productStudioDb) {
    const { DATABASE_URL, DATA_DIR } = env();
    const opening = openDb(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dir: path.join(DATA_DIR, DB_DIR) });
    // A failed open is not cached: the next call tries again.
    opening.catch(() => {
      if (holder.__productStudioDb === opening) holder.__productStudioDb = undefined;
    });
    holder.__productStudioDb = opening;
  }
  return holder.__productStudioDb;
}

/** Closes the process-wide database (on shutdown); the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const current = holder.__productStudioDb;
  holder.__productStudioDb = undefined;
  if (!current) return;
  const db = await current.catch(() => undefined);
  await db?.close();
}

/** Test hook: make getDb() answer this database (or forget it with null). Does not close the old one. */
export function setDbForTests(db: Db | null): void {
  holder.__productStudioDb = db ? Promise.resolve(db) : undefined;
}
