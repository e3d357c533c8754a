import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { log } from "@/lib/log";

// The thumbnails kept on disk, bounded in bytes: each file's size and last use are tracked, and
// a write that takes the total over the cap removes the least recently used files first. Last
// use survives a restart as the file's modification time (touched on each hit), which is how the
// folder is read back in at first use. Files another process writes into the same folder are
// not counted until this one restarts; an app instance should have its own DATA_DIR or accept
// that slack.

export interface ThumbStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer): Promise<void>;
  /** Bytes currently kept. */
  size(): Promise<number>;
}

export function createThumbStore(dir: string, maxBytes: number): ThumbStore {
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), `${key}.webp`);
  const kept = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes),
    // Evicted from the index: the file goes too. (A "set" over an existing key keeps its file.)
    dispose: (_bytes, key, reason) => {
      if (reason === "evict" || reason === "delete") void rm(fileOf(key), { force: true });
    },
  });
  let loading: Promise<void> | null = null;
  const loaded = () => (loading ??= readBack(dir, kept));

  return {
    async get(key) {
      await loaded();
      if (!kept.has(key)) return null;
      const body = await readFile(fileOf(key)).catch(() => null);
      if (!body) {
        kept.delete(key);
        return null;
      }
      kept.get(key); // marks it most recently used
      const now = new Date();
      void utimes(fileOf(key), now, now).catch(() => undefined);
      return body;
    },
    async put(key, body) {
      await loaded();
      // A thumb bigger than the whole cap is served but not kept.
      if (body.length > maxBytes) return;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
        kept.set(key, body.length);
      } catch (error) {
        await rm(temporary, { force: true });
        log.error({ err: error }, "could not keep a thumbnail on disk");
      }
    },
    async size() {
      await loaded();
      return kept.calculatedSize;
    },
  };
}

// Files already on disk (from before a restart), oldest use first, so the index's order matches.
async function readBack(dir: string, kept: LRUCache<string, number>): Promise<void> {
  const found: { key: string; bytes: number; used: number }[] = [];
  const shards = await readdir(dir).catch(() => [] as string[]);
  for (const shard of shards) {
    const names = await readdir(path.join(dir, shard)).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(dir, shard, name);
      if (name.endsWith(".tmp")) {
        await rm(file, { force: true });
        continue;
      }
      if (!name.endsWith(".webp")) continue;
      const info = await stat(file).catch(() => null);
      if (info) found.push({ key: name.slice(0, -".webp".length), bytes: info.size, used: info.mtimeMs });
    }
  }
  found.sort((a, b) => a.used - b.used);
  // Over the cap already (a smaller cap than last time): the oldest are evicted as they are added.
  for (const file of found) kept.set(file.key, file.bytes);
}
