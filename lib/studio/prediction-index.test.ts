import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PredictionView } from "@/lib/types";
import { patchPredictionIndex, predictionIndex, resetPredictionIndexForTests } from "./prediction-index";

const view = (id: string, minute: number, extra: Partial<PredictionView> = {}): PredictionView => ({
  id,
  product_id: "p",
  prompt: id,
  aspect_ratio: "1:1",
  status: "succeeded",
  images: [],
  date_modification: `2025-01-01 10:${String(minute).padStart(2, "0")}:00`,
  product_name: null,
  created_at: null,
  ...extra,
});

const ids = (index: { entries: readonly { view: PredictionView }[] }) => index.entries.map((e) => e.view.id);

beforeEach(() => {
  resetPredictionIndexForTests();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("predictionIndex", () => {
  it("waits for the first load and sorts newest first", async () => {
    const load = vi.fn(async () => [view("a", 1), view("b", 2)]);
    expect(ids(await predictionIndex(load))).toEqual(["b", "a"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves the kept list while one background refresh runs once it is stale", async () => {
    let resolve!: (v: PredictionView[]) => void;
    const load = vi.fn(async () => [view("a", 1)]);
    await predictionIndex(load);
    vi.setSystemTime(Date.now() + 3_500);
    const slow = vi.fn(() => new Promise<PredictionView[]>((r) => (resolve = r)));
    expect(ids(await predictionIndex(slow))).toEqual(["a"]);
    expect(ids(await predictionIndex(slow))).toEqual(["a"]);
    expect(slow).toHaveBeenCalledTimes(1);
    resolve([view("a", 1), view("c", 3)]);
    await new Promise((r) => setTimeout(r, 0));
    expect(ids(await predictionIndex(slow))).toEqual(["c", "a"]);
  });

  it("shows a patched prediction at once, and keeps it through a load that began before it", async () => {
    await predictionIndex(async () => [view("a", 1), view("b", 5)]);
    let resolve!: (v: PredictionView[]) => void;
    const pending = predictionIndex(() => new Promise((r) => (resolve = r)), { fresh: true });
    patchPredictionIndex(view("new", 3));
    resolve([view("a", 1), view("b", 5)]); // the service's list, read before the create
    expect(ids(await pending)).toEqual(["b", "new", "a"]);
  });

  it("does not rebuild for a poll that changed nothing", async () => {
    const first = await predictionIndex(async () => [view("a", 1)]);
    patchPredictionIndex(view("a", 1));
    expect((await predictionIndex(async () => [])).version).toBe(first.version);
    patchPredictionIndex(view("a", 1, { images: ["http://x/1.jpg"] }));
    expect((await predictionIndex(async () => [])).entries[0].view.images).toEqual(["http://x/1.jpg"]);
  });
});
