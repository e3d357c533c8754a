import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_DIR, JOURNAL_FILE, SESSION_SECRET_FILE } from "../data-dir";
import { readBackup, readKeptFiles, writeBackup } from "./archive";
import { RestoreRefused, restoreBackup } from "./restore";

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "backup-archive-"));
  const dataDir = path.join(dir, "data");
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, SESSION_SECRET_FILE), "s".repeat(43), { mode: 0o600 });
  await writeFile(path.join(dataDir, JOURNAL_FILE), '{"kind":"product","record":{"id":"prd_1"}}\n');
  await mkdir(path.join(dataDir, "thumbs"));
  await writeFile(path.join(dataDir, "thumbs", "a.webp"), "not kept");
  const db = new PGlite(path.join(dataDir, DB_DIR));
  await db.exec("CREATE TABLE kept (name text); INSERT INTO kept VALUES ('bottle');");
  const database = await db.dumpDataDir("none");
  await db.close();
  file = path.join(dir, "backup.tar.gz");
  await writeBackup({ database, files: await readKeptFiles(dataDir) }, createWriteStream(file));
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a backup file", () => {
  it("holds the database, the session secret and the journal, not the thumbnail cache", async () => {
    const backup = await readBackup(file);
    expect(backup.manifest).toMatchObject({ format: "product-studio-backup", version: 1, database: "pglite" });
    expect(backup.files.map((f) => f.name).sort()).toEqual([JOURNAL_FILE, SESSION_SECRET_FILE].sort());
  });

  it("restores into a new folder: the database answers, the secret is its owner's only", async () => {
    const target = path.join(dir, "restored");
    const restored = await restoreBackup(file, target);
    expect(restored.files.sort()).toEqual([JOURNAL_FILE, SESSION_SECRET_FILE].sort());
    expect(await readFile(path.join(target, SESSION_SECRET_FILE), "utf8")).toBe("s".repeat(43));
    expect((await stat(path.join(target, SESSION_SECRET_FILE))).mode & 0o777).toBe(0o600);
    expect((await stat(target)).mode & 0o777).toBe(0o700);
    const db = new PGlite(path.join(target, DB_DIR));
    expect((await db.query<{ name: string }>("SELECT name FROM kept")).rows).toEqual([{ name: "bottle" }]);
    await db.close();
  }, 60_000);

  it("is never restored into a folder that holds anything", async () => {
    const occupied = path.join(dir, "occupied");
    await mkdir(occupied);
    await writeFile(path.join(occupied, "notes.txt"), "mine");
    await expect(restoreBackup(file, occupied)).rejects.toBeInstanceOf(RestoreRefused);
    expect(await readFile(path.join(occupied, "notes.txt"), "utf8")).toBe("mine");
  });

  it("tells a file that is not a backup", async () => {
    const other = path.join(dir, "other.tar.gz");
    await writeFile(other, "plain text");
    await expect(readBackup(other)).rejects.toThrow(/is not a Product Studio backup/);
  });
});
