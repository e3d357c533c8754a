import "server-only";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import type { OutputInfo, SharpOptions } from "sharp";

// Large uploaded images, and channel copies of shots, are decoded in a child process
// (sharp-process-child.mjs), not in the app server. libvips needs tens of MB of working memory to
// shrink one 5000-pixel-wide PNG (rows waiting to be reduced), and glibc keeps what its threads
// freed: five 19 MB textures decoded in the server grew it by 200 MB that it never gave back. A
// child's memory goes back whole when it exits, and the server only ever holds the small results.
// One child runs one pipeline at a time; it is given no environment (no token, no secret), only
// the file and the steps.

/**
 * One sharp call: `sharp(file, input)`, then each step (`[method, ...args]`), then `toBuffer()`;
 * a last step `["stats"]` only decodes every pixel, and the output is empty (see `decodeWhole`).
 */
export interface SharpJob {
  file: string;
  input?: SharpOptions;
  steps: [string, ...unknown[]][];
}

export interface SharpResult {
  data: Buffer;
  info: OutputInfo;
}

export interface SharpProcess {
  run(job: SharpJob): Promise<SharpResult>;
  close(): void;
}

/** Runs `job`: in a process of its own unless given one (`withSharpProcess`). */
export type SharpRunner = (job: SharpJob) => Promise<SharpResult>;

// Started by path, outside Next's bundle; Next serves from the project's root.
const CHILD = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "images", "sharp-process-child.mjs");
interface Header {
  ok: boolean;
  info?: OutputInfo;
  bytes?: number;
  message?: string;
}

/** How much lower than the server's the child's CPU priority is (nice, 0–19). */
const CHILD_NICENESS = 10;
/** Longest one pipeline may take before the child is stopped. */
const JOB_TIMEOUT_MS = 120_000;

export function openSharpProcess(): SharpProcess {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CHILD], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  // Decoding yields the CPU to the server's own requests: on a small machine, two exports at full
  // speed kept GET /api/health waiting for seconds.
  try {
    if (child.pid) setPriority(child.pid, CHILD_NICENESS);
  } catch {
    // not allowed here: it runs at the server's priority
  }
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
  // What has arrived and not yet been handed on: chunks, joined once a whole frame is there.
  let chunks: Buffer[] = [];
  let size = 0;
  let pending: { resolve: (r: SharpResult) => void; reject: (e: Error) => void } | null = null;
  let header = null as Header | null;
  let ended: Error | null = null;

  const settle = (fn: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    pending = null;
    if (p) fn(p);
  };
  const take = (bytes: number): Buffer => {
    const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
    // A copy of the frame, so the result does not keep a larger stream chunk alive.
    const taken = Buffer.from(all.subarray(0, bytes));
    const rest = all.subarray(bytes);
    chunks = rest.length ? [rest] : [];
    size = rest.length;
    return taken;
  };
  child.stdout.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    for (;;) {
      if (!header) {
        // A header line is short: it is in the last chunk or the ones just before it.
        const joined = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        chunks = [joined];
        const newline = joined.indexOf(10);
        if (newline < 0) return;
        header = JSON.parse(take(newline + 1).subarray(0, newline).toString("utf8")) as Header;
        if (!header.ok) {
          const message = header.message ?? "image processing failed";
          header = null;
          settle((p) => p.reject(new Error(message)));
          continue;
        }
      }
      const bytes = header.bytes ?? 0;
      if (size < bytes) return;
      const info = header.info as OutputInfo;
      header = null;
      const data = take(bytes);
      settle((p) => p.resolve({ data, info }));
    }
  });
  const fail = (error: Error) => {
    ended ??= error;
    settle((p) => p.reject(error));
  };
  child.on("error", fail);
  child.on("exit", (code, signal) => fail(new Error(`image process ended (${signal ?? code})${stderr ? `: ${stderr.trim().split("\n").pop()}` : ""}`)));
  child.stdin.on("error", () => undefined); // the exit above says why

  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(job) {
      const next = queue.then(
        () =>
          new Promise<SharpResult>((resolve, reject) => {
            if (ended) return reject(ended);
            const timer = setTimeout(() => child.kill("SIGKILL"), JOB_TIMEOUT_MS);
            pending = {
              resolve: (r) => (clearTimeout(timer), resolve(r)),
              reject: (e) => (clearTimeout(timer), reject(e)),
            };
            child.stdin.write(`${JSON.stringify(job)}\n`);
          }),
      );
      queue = next.catch(() => undefined);
      return next;
    },
    close() {
      child.stdin.end();
      // It ends by itself once its input closes; a stuck one is stopped.
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    },
  };
}

/** Runs `fn` with one child process for all its pipelines, closed afterwards. */
export async function withSharpProcess<T>(fn: (run: SharpRunner) => Promise<T>): Promise<T> {
  const child = openSharpProcess();
  try {
    return await fn((job) => child.run(job));
  } finally {
    child.close();
  }
}

/** One pipeline in a child of its own. */
export const runInSharpProcess: SharpRunner = (job) => withSharpProcess((run) => run(job));

/**
 * Decodes every pixel of `file` (sharp's `stats()`) and keeps nothing: rejects when the file
 * cannot be read to its end under `input` (e.g. `failOn: "warning"` for a truncated PNG).
 */
export async function decodeWhole(file: string, input: SharpOptions, run: SharpRunner = runInSharpProcess): Promise<void> {
  await run({ file, input, steps: [["stats"]] });
}
