import "server-only";
import { log } from "@/lib/log";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { JOURNAL_FILE } from "@/lib/data-dir";
import type { PredictionInput, ProductInput } from "./registry-writes";

// The registry's safety net: a product or prediction the service created but the database would
// not take is appended here (fsync'd), and replayed into the database by reconcileJournal().
// Appends and replays in this process are serialised, so a replay never drops a fresh append.

export type JournalEntry = { kind: "product"; record: ProductInput } | { kind: "prediction"; record: PredictionInput };

export function journalPath(): string {
  return path.join(env().DATA_DIR, JOURNAL_FILE);
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs fn after every earlier journal operation of this process has finished. */
export function withJournalLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

export function appendJournal(entry: JournalEntry): Promise<void> {
  return withJournalLock(() => appendLines(journalPath(), [entry]));
}

export async function appendLines(file: string, entries: JournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "a", 0o600);
  try {
    await handle.appendFile(entries.map((entry) => JSON.stringify(entry) + "\n").join(""));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Entries in the journal, skipping lines that do not parse (a torn last write). */
export async function readJournal(file: string): Promise<JournalEntry[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: JournalEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as JournalEntry;
      if ((entry.kind === "product" || entry.kind === "prediction") && entry.record?.id) {
        entries.push(entry);
      }
    } catch {
      log.error("skipping an unreadable registry journal line");
    }
  }
  return entries;
}

export async function journalExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** Replaces the journal with `remaining` (empty: removes it) atomically. */
export async function rewriteJournal(file: string, remaining: JournalEntry[]): Promise<void> {
  if (remaining.length === 0) {
    await rm(file, { force: true });
    return;
  }
  const temp = `${file}.${process.pid}.tmp`;
  await rm(temp, { force: true });
  await appendLines(temp, remaining);
  await rename(temp, file);
}
