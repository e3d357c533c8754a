import "server-only";
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import type { OutputInfo, SharpOptions } from "sharp";
import { killChild, startChild } from "./sharp-host";

// Large uploaded images, and channel copies of shots, are decoded in a child process
// (sharp-process-child.mjs), not in the app server. libvips needs tens of MB of working memory to
// shrink one 5000-pixel-wide PNG (rows waiting to be reduced), and glibc keeps what its threads
// freed: five 19 MB textures decoded in the server grew it by 200 MB that it never gave back. A
// child's memory goes back whole when it exits, and the server only ever holds the small results.
// One child runs one pipeline at a time; it is given no environment (no token, no secret), only
// the file and the steps. Children are started by a small host process (sharp-host.ts), not by
// the server: a fork from the large server held its requests for a tenth of a second each.

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

interface Header {
  ok: boolean;
  info?: OutputInfo;
  bytes?: number;
  message?: string;
}

/** Longest one pipeline may take before the child is stopped. */
const JOB_TIMEOUT_MS = 120_000;
/** After the child's socket closes, how long its exit (and what it said on stderr) may take to be told. */
const EXIT_WORDS_MS = 250;

export function openSharpProcess(): SharpProcess {
  // Started by the host (sharp-host.ts), never forked from this large process; it calls back
  // on a socket with this id, and the jobs and their answers go over that socket.
  const id = randomBytes(12).toString("hex");
  let socket: Socket | null = null;
  let closing = false;
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
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    for (;;) {
      if (!header) {
        // A header line is short: it is in the last chunk or the ones just before it.
        const joined = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        chunks = [joined];
        const newline = joined.indexOf(10);
        if (newline < 0) return;
        header = JSON.parse(
          take(newline + 1)
            .subarray(0, newline)
            .toString("utf8"),
        ) as Header;
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
  };
  const fail = (error: Error) => {
    ended ??= error;
    settle((p) => p.reject(ended ?? error));
    waitingForSocket?.reject(ended);
  };
  let waitingForSocket: { resolve: (s: Socket) => void; reject: (e: Error) => void } | null = null;
  const connected = new Promise<Socket>((resolve, reject) => (waitingForSocket = { resolve, reject }));
  connected.catch(() => undefined);
  startChild(id, {
    connected(s) {
      socket = s;
      s.on("data", onData);
      s.on("close", () => setTimeout(() => fail(new Error("image process ended")), EXIT_WORDS_MS).unref());
      if (closing) s.end();
      waitingForSocket?.resolve(s);
    },
    ended: (reason) => fail(new Error(reason)),
  });

  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(job) {
      const next = queue.then(async () => {
        const channel = await connected;
        return new Promise<SharpResult>((resolve, reject) => {
          if (ended) return reject(ended);
          const timer = setTimeout(() => {
            killChild(id);
            channel.destroy();
          }, JOB_TIMEOUT_MS);
          pending = {
            resolve: (r) => (clearTimeout(timer), resolve(r)),
            reject: (e) => (clearTimeout(timer), reject(e)),
          };
          channel.write(`${JSON.stringify(job)}\n`);
        });
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close() {
      closing = true;
      // It ends by itself once its socket closes; a stuck one is stopped.
      socket?.end();
      setTimeout(() => killChild(id), 5_000).unref();
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
export async function decodeWhole(
  file: string,
  input: SharpOptions,
  run: SharpRunner = runInSharpProcess,
): Promise<void> {
  await run({ file, input, steps: [["stats"]] });
}
