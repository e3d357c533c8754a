import { describe, expect, it } from "vitest";
import {
  cadenceFor,
  claimReconcile,
  MAX_CADENCE_MS,
  MIN_CADENCE_MS,
  readIndexState,
  releaseReconcile,
  secondsUntilRefresh,
} from "./prediction-index-state";
import { testDatabase } from "./testing";

describe("the prediction index's lease", () => {
  const t = testDatabase();

  it("grows the cadence with the list: seconds for hundreds, two minutes at 100,000", () => {
    expect(cadenceFor(0)).toBe(MIN_CADENCE_MS);
    expect(cadenceFor(300)).toBe(MIN_CADENCE_MS);
    expect(cadenceFor(10_000)).toBe(12_000);
    expect(cadenceFor(100_000)).toBeGreaterThanOrEqual(60_000);
    expect(cadenceFor(10_000_000)).toBe(MAX_CADENCE_MS);
  });

  it("lets one of two instances asking at once read the list, and nobody again within the cadence", async () => {
    const claims = await Promise.all([claimReconcile("a"), claimReconcile("b")]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = claims[0] ? "a" : "b";
    expect((await readIndexState()).leased).toBe(true);
    await releaseReconcile("someone-else", 5);
    expect((await readIndexState()).reconciledAt).toBeNull();
    await releaseReconcile(holder, 100_000);
    const state = await readIndexState();
    expect(state).toMatchObject({ listLength: 100_000, cadenceMs: cadenceFor(100_000), leased: false });
    expect(state.reconciledAt).toBeInstanceOf(Date);
    expect(await claimReconcile("a")).toBe(false);
    expect(await claimReconcile("b")).toBe(false);
  });

  it("lets a person's refresh through after its own gap, and says how long to wait before", async () => {
    // A background read moments ago does not hold a person back.
    expect(await secondsUntilRefresh(10_000)).toBe(0);
    expect(await claimReconcile("a", { refreshGapMs: 10_000 })).toBe(true);
    await releaseReconcile("a", null);
    expect(await secondsUntilRefresh(10_000)).toBeGreaterThan(0);
    expect(await claimReconcile("a", { refreshGapMs: 10_000 })).toBe(false);
    await t.db.query("UPDATE prediction_index_state SET refreshed_at = now() - interval '11 seconds'");
    expect(await secondsUntilRefresh(10_000)).toBe(0);
    expect(await claimReconcile("a", { refreshGapMs: 10_000 })).toBe(true);
    await releaseReconcile("a", null);
    expect(await claimReconcile("b", { force: true })).toBe(true);
    await releaseReconcile("b", null);
  });
});
