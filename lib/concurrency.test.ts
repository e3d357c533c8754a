import { describe, expect, it } from "vitest";
import { createLimiter, mapLimit } from "./concurrency";

describe("mapLimit", () => {
  it("keeps input order and never runs more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it("handles an empty list", async () => {
    expect(await mapLimit([], 4, async (n) => n)).toEqual([]);
  });
});

describe("createLimiter", () => {
  it("never runs more than the limit at once, and runs every task", async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const task = (n: number) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setImmediate(r));
        running--;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(task))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
