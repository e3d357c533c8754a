// `npm run backup [FILE]`: a consistent copy of the embedded database and the rest of DATA_DIR
// that must survive, in one file (lib/backup/archive.ts), taken while the app runs. The running
// app holds the database (PGlite allows one process), so it is asked for the copy over its
// socket in DATA_DIR (lib/backup/backup-socket.ts); with no app running, the database is opened
// here. For PostgreSQL (DATABASE_URL) it says what to use instead: pg_dump.
import { createWriteStream, existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { readKeptFiles, writeBackup } from "../lib/backup/archive";
import { BACKUP_SOCKET, DB_DIR } from "../lib/data-dir";
import { loadDotEnv } from "./dot-env";

const root = path.resolve(__dirname, "..");

function stamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** Connects to the running app's socket; null when no app answers there. */
function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    if (!existsSync(socketPath)) return resolve(null);
    const socket = net.createConnection(socketPath);
    socket.once("connect", () => resolve(socket));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
  });
}

/** Reads the app's one-line answer, then the backup's bytes into `partial`. */
async function fromApp(socket: net.Socket, partial: string): Promise<void> {
  socket.write("backup\n");
  const head = await new Promise<Buffer>((resolve, reject) => {
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const newline = seen.indexOf(10);
      if (newline < 0) return;
      socket.off("data", onData);
      socket.pause();
      const answer = JSON.parse(seen.subarray(0, newline).toString("utf8")) as { ok: boolean; message?: string };
      if (!answer.ok)
        return reject(new Error(`the app could not take the backup: ${answer.message ?? "no reason given"}`));
      resolve(seen.subarray(newline + 1));
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("end", () => reject(new Error("the app closed the connection without answering")));
  });
  const out = createWriteStream(partial, { mode: 0o600 });
  out.write(head);
  await pipeline(socket, out);
}

async function main() {
  loadDotEnv(root);
  if (process.env.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: the database is PostgreSQL, which this command does not copy. Use pg_dump:\n" +
        '  pg_dump --format=custom --file=studio.dump "$DATABASE_URL"\n' +
        'and keep DATA_DIR\'s session-secret (when SESSION_SECRET is not set) beside it. See the README, "Backups".',
    );
    process.exit(2);
  }
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
  const file = path.resolve(process.argv[2] ?? `product-studio-backup-${stamp()}.tar.gz`);
  const partial = `${file}.partial`;
  const socket = await connect(path.join(dataDir, BACKUP_SOCKET));
  try {
    if (socket) {
      await fromApp(socket, partial);
      console.log(`Backup of the running app (${dataDir}) written to ${file}`);
    } else {
      const dbDir = path.join(dataDir, DB_DIR);
      if (!existsSync(dbDir))
        throw new Error(`there is no database in ${dataDir} (set DATA_DIR to the app's data folder)`);
      // PGlite keeps this file while a process holds the database, and removes it when it closes.
      if (existsSync(path.join(dbDir, "postmaster.pid"))) {
        throw new Error(
          `the database in ${dataDir} is open, but no app answers on ${BACKUP_SOCKET}. Is an app from before this ` +
            "version running? Stop it (or start and stop it once after a crash), then run this again.",
        );
      }
      const db = new PGlite(dbDir);
      try {
        await db.waitReady;
        const database = await db.dumpDataDir("none");
        await writeBackup(
          { database, files: await readKeptFiles(dataDir) },
          createWriteStream(partial, { mode: 0o600 }),
        );
      } finally {
        await db.close();
      }
      console.log(`Backup of ${dataDir} (no app running) written to ${file}`);
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
