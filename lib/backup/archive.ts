import { createReadStream, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { JOURNAL_FILE, SESSION_SECRET_FILE } from "../data-dir";

// One backup file (`npm run backup`): a gzipped tar of the embedded database's files as PGlite
// dumps them (db.tar), the other files of DATA_DIR that must survive (the generated session
// secret, the registry's journal when it holds anything), and a manifest. Not the thumbnail
// cache or spooled uploads: both are made again. Used by the running app (backup-socket.ts) and
// by the scripts, so it imports nothing server-only.

export const BACKUP_FORMAT = "product-studio-backup";
export const BACKUP_VERSION = 1;
const MANIFEST = "manifest.json";
const DATABASE = "db.tar";
/** The files of DATA_DIR besides the database that a backup keeps. */
export const KEPT_FILES = [SESSION_SECRET_FILE, JOURNAL_FILE] as const;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: "pglite";
  files: string[];
}

export interface BackupContents {
  /** The database's files as one uncompressed tar: PGlite's `dumpDataDir("none")`. */
  database: Blob;
  files: { name: string; data: Buffer }[];
}

/** The kept files that exist in `dataDir`. */
export async function readKeptFiles(dataDir: string): Promise<BackupContents["files"]> {
  const files: BackupContents["files"] = [];
  for (const name of KEPT_FILES) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) files.push({ name, data: await readFile(file) });
  }
  return files;
}

/** Writes the backup to `out` (ended when done). */
export async function writeBackup(contents: BackupContents, out: Writable, now = new Date()): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: now.toISOString(),
    database: "pglite",
    files: contents.files.map((f) => f.name),
  };
  pack.entry({ name: MANIFEST, mode: 0o600, mtime: now }, `${JSON.stringify(manifest, null, 2)}\n`);
  const entry = pack.entry({ name: DATABASE, size: contents.database.size, mode: 0o600, mtime: now });
  await pipeline(Readable.fromWeb(contents.database.stream() as WebReadableStream<Uint8Array>), entry);
  for (const file of contents.files) pack.entry({ name: file.name, mode: 0o600, mtime: now }, file.data);
  pack.finalize();
  await written;
}

export interface ReadBackup {
  manifest: Manifest;
  database: Buffer;
  files: { name: string; data: Buffer }[];
}

/** Reads a backup file whole (the database is loaded whole anyway); throws in words when it is not one. */
export async function readBackup(file: string): Promise<ReadBackup> {
  const extract = tar.extract();
  const entries = new Map<string, Buffer>();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.set(entry.header.name, Buffer.concat(chunks));
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), reading]);
  } catch (error) {
    throw new Error(
      `${file} is not a Product Studio backup (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const manifestBytes = entries.get(MANIFEST);
  const database = entries.get(DATABASE);
  const manifest = manifestBytes ? (JSON.parse(manifestBytes.toString("utf8")) as Manifest) : null;
  if (!manifest || manifest.format !== BACKUP_FORMAT || !database)
    throw new Error(`${file} is not a Product Studio backup`);
  if (manifest.version > BACKUP_VERSION)
    throw new Error(`${file} was written by a newer Product Studio (backup version ${manifest.version})`);
  const files = (manifest.files ?? [])
    .filter((name): name is (typeof KEPT_FILES)[number] => (KEPT_FILES as readonly string[]).includes(name))
    .flatMap((name) => (entries.has(name) ? [{ name, data: entries.get(name) as Buffer }] : []));
  return { manifest, database, files };
}
