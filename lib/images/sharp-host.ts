import "server-only";
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";
import type { Readable, Writable } from "node:stream";
import { log } from "@/lib/log";

// The server's side of sharp-host-main.mjs: one small process, started early (lib/startup.ts) while
// the server is small, that starts every decoding child. Forking a large process blocks it while
// the kernel copies its page tables (85–135 ms each from a server of 900 MB, measured), so the
// server forks once, here, and never again; six exports at once no longer hold GET /api/health.
// The children call back on a Unix socket in a folder of this process's own (0700), each with the
// id it was started with.

// Started by path, outside Next's bundle; Next serves from the project's root.
const HOST = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "images", "sharp-host-main.mjs");
/** How much lower than the server's the decoding's CPU priority is (nice, 0–19); children inherit it. */
const HOST_NICENESS = 10;

export interface ChildLink {
  /** The child called back: its socket carries the jobs and their answers. */
  connected(socket: net.Socket): void;
  /** The child ended, or could not be started: why, in words. */
  ended(reason: string): void;
}

type HostProcess = ChildProcessByStdio<Writable, Readable, null>;

interface ExitLine {
  exit: string;
  code: number | null;
  signal: string | null;
  stderr?: string;
}

let host: HostProcess | null = null;
let listening: Promise<string> | null = null;
const links = new Map<string, ChildLink>();

/** The socket the children call back on, listening (once per process). */
function callbackSocket(): Promise<string> {
  listening ??= new Promise<string>((resolve, reject) => {
    const dir = mkdtempSync(path.join(tmpdir(), "studio-sharp-"));
    const socketPath = path.join(dir, "children.sock");
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const server = net.createServer((socket) => {
      // The first line is the child's id; nothing else comes before its first job is sent.
      let head = "";
      const onData = (chunk: Buffer) => {
        head += chunk.toString("utf8");
        const newline = head.indexOf("\n");
        if (newline < 0) return void (head.length > 100 && socket.destroy());
        socket.off("data", onData);
        const link = links.get(head.slice(0, newline));
        if (!link) return void socket.destroy();
        link.connected(socket);
      };
      socket.on("data", onData);
      socket.on("error", () => undefined);
    });
    server.unref();
    server.once("error", reject);
    server.listen(socketPath, () => resolve(socketPath));
  });
  return listening;
}

/** The host, running (started again if it ended). */
function running(): HostProcess {
  if (host && host.exitCode === null && !host.killed) return host;
  const started = spawn(process.execPath, [HOST], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  try {
    if (started.pid) setPriority(started.pid, HOST_NICENESS);
  } catch {
    // not allowed here: decoding runs at the server's priority
  }
  readline.createInterface({ input: started.stdout }).on("line", (line) => {
    const exit = JSON.parse(line) as ExitLine;
    const link = links.get(exit.exit);
    links.delete(exit.exit);
    const last = exit.stderr?.trim().split("\n").pop();
    link?.ended(`image process ended (${exit.signal ?? exit.code})${last ? `: ${last}` : ""}`);
  });
  started.stdin.on("error", () => undefined);
  started.on("exit", () => {
    if (host === started) host = null;
    for (const [id, link] of links) {
      links.delete(id);
      link.ended("image process host ended");
    }
  });
  started.unref();
  (started.stdout as unknown as { unref?: () => void }).unref?.();
  (started.stdin as unknown as { unref?: () => void }).unref?.();
  host = started;
  return started;
}

/** Starts the host now, while the server is small (start-up); later calls find it running. */
export async function startSharpHost(): Promise<void> {
  await callbackSocket();
  running();
}

/** Asks the host for a decoding child that will call `link` back. */
export function startChild(id: string, link: ChildLink): void {
  links.set(id, link);
  callbackSocket().then(
    (socket) => running().stdin.write(`${JSON.stringify({ start: id, socket })}\n`),
    (error: unknown) => {
      log.error({ err: error }, "the image processes' socket could not be opened");
      links.delete(id);
      link.ended("image process could not be started");
    },
  );
}

/** Stops a child (a pipeline past its time). */
export function killChild(id: string): void {
  host?.stdin.write(`${JSON.stringify({ kill: id })}\n`);
}
