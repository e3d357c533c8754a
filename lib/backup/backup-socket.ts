import "server-only";
import { chmod, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { getDb } from "@/lib/db/client";
import { withJournalLock } from "@/lib/db/journal";
import { BACKUP_SOCKET } from "@/lib/data-dir";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { readKeptFiles, writeBackup } from "./archive";

// `npm run backup` asks the running app for its backup over a Unix socket in DATA_DIR: PGlite
// lets one process hold its folder, so only the app can read its database while it runs, and
// it does so between two queries (dumpDataDir waits for the query lock), which is a consistent
// copy. The socket is the operator's own (0600, in DATA_DIR): no network port, no password.
//
// Protocol: the client sends `backup\n`; the app answers one JSON line, `{"ok":true}` followed by
// the backup file's bytes, or `{"ok":false,"message":…}`.

// Unix socket paths are limited to 108 bytes on Linux.
const MAX_SOCKET_PATH = 100;
const COMMAND_TIMEOUT_MS = 10_000;

let server: net.Server | null = null;

export function backupSocketPath(): string {
  return path.join(env().DATA_DIR, BACKUP_SOCKET);
}

/** Listens for backups when the database is the embedded one; before the database opens. */
export async function startBackupSocket(): Promise<void> {
  if (env().DATABASE_URL || server) return;
  const socketPath = backupSocketPath();
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      { socketPath },
      "DATA_DIR's path is too long for the backup socket: `npm run backup` works only while the app is stopped",
    );
    return;
  }
  // Left by a process that did not stop cleanly: one app holds a DATA_DIR at a time.
  await rm(socketPath, { force: true });
  const listening = net.createServer((socket) => void answer(socket));
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  listening.unref();
  server = listening;
}

export async function stopBackupSocket(): Promise<void> {
  const closing = server;
  server = null;
  if (!closing) return;
  await new Promise<void>((resolve) => closing.close(() => resolve()));
  await rm(backupSocketPath(), { force: true });
}

async function answer(socket: net.Socket): Promise<void> {
  socket.on("error", () => undefined); // a client that went away: nothing to tell
  try {
    const command = await firstLine(socket);
    if (command !== "backup") throw new Error("unknown command");
    const started = Date.now();
    const db = await getDb();
    if (!db.dumpFiles) throw new Error("the database is PostgreSQL: use pg_dump");
    // Under the journal's lock no record moves between the journal and the database meanwhile.
    const contents = await withJournalLock(async () => {
      const database = await db.dumpFiles!();
      return { database, files: await readKeptFiles(env().DATA_DIR) };
    });
    socket.write(`${JSON.stringify({ ok: true })}\n`);
    await writeBackup(contents, socket);
    log.info({ bytes: contents.database.size, ms: Date.now() - started }, "backup taken");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: message }, "backup failed");
    if (!socket.destroyed) socket.end(`${JSON.stringify({ ok: false, message })}\n`);
  }
}

function firstLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error("no command")), COMMAND_TIMEOUT_MS);
    socket.on("data", function onData(chunk: Buffer) {
      text += chunk.toString("utf8");
      const newline = text.indexOf("\n");
      if (newline >= 0 || text.length > 64) {
        clearTimeout(timer);
        socket.off("data", onData);
        resolve(text.slice(0, newline >= 0 ? newline : 64).trim());
      }
    });
  });
}
