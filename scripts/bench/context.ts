// What every benchmark section gets, and the helpers they share. A section is a file
// `scripts/bench/NN-name.ts` whose default export is a BenchSection; scripts/bench.ts runs them
// in file-name order, once per seeded size they ask for (`sizes`, default 10,000): one stack
// (local service seeded with that many predictions + the built app) per size.
import { readFileSync } from "node:fs";
import type { Stack } from "../stack";

export interface BenchRow {
  section: string;
  metric: string;
  value: number;
  unit: "ms" | "MB" | "calls" | "count" | "KB";
  note?: string;
  /** Predictions the service held (set by the runner). */
  seeded?: number;
}

export interface BenchContext {
  stack: Stack;
  appUrl: string;
  /** Signed-in admin cookie ("name=value"). */
  cookie: string;
  /** Process id of the app server (`next start` runs it in-process), for RSS samples; changes on a restart. */
  readonly appPid: number;
  /** Predictions the local service was seeded with. */
  seeded: number;
  /** GET/POST to the app as a signed-in browser on its own origin. */
  app(path: string, init?: { method?: string; json?: unknown }): Promise<Response>;
  /** The local service's control API (`/calls`, `/seed`, …). */
  control(path: string, init?: { method?: string; json?: unknown }): Promise<unknown>;
}

export interface BenchSection {
  name: string;
  /** Seeded sizes (predictions at the service) to run at; [10_000] when left out. */
  sizes?: number[];
  /**
   * The app's environment for this section, over the runner's (which turns the watcher off, so
   * the calls counted are the pages' own). Sections with other settings get a stack of their own.
   */
  appEnv?: Record<string, string>;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export const DEFAULT_SIZE = 10_000;

/** Milliseconds that `fn` took, and its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median time of `runs` sequential calls of `fn` (which must consume its own response). */
export async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(fn)).ms);
  return median(times);
}

/** Resident set size of a process in MB (Linux /proc); NaN once it has exited (during a restart). */
export function rssMb(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return Number.NaN;
  }
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}
