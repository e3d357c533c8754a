import { describe, expect, it } from "vitest";
import { createHashSlots } from "./hash-slots";

describe("hash slots", () => {
  it("runs at most `concurrency` at once, queues up to the bound, refuses beyond with 503", async () => {
    const slots = createHashSlots(2, 3);
    const gates: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const work = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        gates.push(() => {
          running--;
          resolve();
        });
      });
    const results = Array.from({ length: 7 }, () =>
      slots.run(work).then(
        () => "done",
        (e) => e,
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(slots.stats()).toEqual({ running: 2, queued: 3, peak: 2 });
    // Release everything as it starts.
    while (gates.length > 0 || slots.stats().running > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    const settled = await Promise.all(results);
    expect(settled.filter((r) => r === "done")).toHaveLength(5);
    const refused = settled.filter((r) => r !== "done");
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ status: 503, retryAfter: 5, message: expect.stringMatching(/Try again/) });
    expect(most).toBe(2);
    expect(slots.stats()).toEqual({ running: 0, queued: 0, peak: 2 });
  });

  it("frees the slot when the work fails", async () => {
    const slots = createHashSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(slots.run(async () => 42)).resolves.toBe(42);
  });
});
