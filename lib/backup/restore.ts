import { chmod, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DB_DIR } from "../data-dir";
import { readBackup } from "./archive";

// `npm run restore FILE [DATA_DIR]`: a backup brought back into a new DATA_DIR. A folder that
// holds anything is refused: a restore never mixes with, or overwrites, an installation's data.

export class RestoreRefused extends Error {}

export async function restoreBackup(file: string, dataDir: string): Promise<{ files: string[]; createdAt: string }> {
  const existing = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (existing.length > 0) {
    throw new RestoreRefused(
      `${dataDir} is not empty: restore into a new (or empty) folder, then point DATA_DIR at it.`,
    );
  }
  const backup = await readBackup(file);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  // PGlite unpacks its own dump into the folder and recovers it as after a stop.
  const db = new PGlite(path.join(dataDir, DB_DIR), { loadDataDir: new Blob([new Uint8Array(backup.database)]) });
  await db.waitReady;
  await db.query("SELECT 1");
  await db.close();
  for (const f of backup.files) await writeFile(path.join(dataDir, f.name), f.data, { mode: 0o600 });
  return { files: backup.files.map((f) => f.name), createdAt: backup.manifest.created_at };
}
