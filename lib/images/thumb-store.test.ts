import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createThumbStore } from "./thumb-store";

// The thumbnail folder under a tiny cap (4 KB): real files on a real disk.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "thumbs-"));
  dirs.push(dir);
  return dir;
};
const kB = (n: number, fill: number) => Buffer.alloc(n * 1024, fill);
const files = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".webp"))
    .map((f) => path.basename(f, ".webp"))
    .sort();
const key = (name: string) => name.padEnd(40, "0");

describe("thumb store", () => {
  it("keeps the total under the cap by removing the least recently used files", async () => {
    const dir = folder();
    const store = createThumbStore(dir, 4 * 1024);
    await store.put(key("aa"), kB(1, 1));
    await store.put(key("bb"), kB(1, 2));
    await store.put(key("cc"), kB(1, 3));
    // Using aa makes bb the least recently used.
    expect(await store.get(key("aa"))).toEqual(kB(1, 1));
    await store.put(key("dd"), kB(2, 4));
    // The evicted file is removed in the background.
    await vi.waitFor(() => expect(files(dir)).toEqual([key("aa"), key("cc"), key("dd")]));
    expect(await store.get(key("bb"))).toBeNull();
    expect(await store.size()).toBe(4 * 1024);
    await store.put(key("ee"), kB(1, 5));
    await vi.waitFor(() => expect(files(dir)).toEqual([key("aa"), key("dd"), key("ee")]));
    expect(await store.size()).toBeLessThanOrEqual(4 * 1024);
  });

  it("does not keep a thumb bigger than the whole cap", async () => {
    const dir = folder();
    const store = createThumbStore(dir, 4 * 1024);
    await store.put(key("ff"), kB(5, 6));
    expect(files(dir)).toEqual([]);
    expect(await store.get(key("ff"))).toBeNull();
  });

  it("reads the folder back after a restart in order of last use, and trims it to a smaller cap", async () => {
    const dir = folder();
    const first = createThumbStore(dir, 8 * 1024);
    for (const [i, name] of ["aa", "bb", "cc"].entries()) {
      await first.put(key(name), kB(2, i));
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i === 0 ? 30 : i));
      utimesSync(path.join(dir, name, `${key(name)}.webp`), at, at);
    }
    // aa was used last (its time is the newest); a restart with a 4 KB cap keeps aa and the newer of bb/cc.
    const second = createThumbStore(dir, 4 * 1024);
    expect(await second.size()).toBe(4 * 1024);
    await vi.waitFor(() => expect(files(dir)).toEqual([key("aa"), key("cc")]));
    expect(statSync(path.join(dir, "aa", `${key("aa")}.webp`)).size).toBe(2048);
  });
});
