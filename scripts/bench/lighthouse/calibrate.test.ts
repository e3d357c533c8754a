import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { calibrateArtifacts, calibratedSlowdown } from "./calibrate";

describe("calibratedSlowdown", () => {
  it("gives the calculator's anchor points: 1,533 → 4×, 1,300 → 3×, 800 → 2×, 150 → 1×", () => {
    expect(calibratedSlowdown(1533)).toBe(4);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(150)).toBe(1);
  });

  it("slows a faster host down more than 4× and a slower one less, never below 1×", () => {
    expect(calibratedSlowdown(2000)).toBeCloseTo(6, 1);
    expect(calibratedSlowdown(1050)).toBe(2.5);
    expect(calibratedSlowdown(50)).toBe(1);
  });
});

describe("calibrateArtifacts", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("sets the saved run's slowdown to the one its own benchmark index calls for, and names the flag", () => {
    dir = mkdtempSync(path.join(tmpdir(), "calibrate-"));
    const file = path.join(dir, "artifacts.json");
    writeFileSync(
      file,
      JSON.stringify({ BenchmarkIndex: 1050, settings: { throttling: { rttMs: 150, cpuSlowdownMultiplier: 4 } } }),
    );
    const { calibration, flag } = calibrateArtifacts(dir);
    expect(calibration).toEqual({ benchmarkIndex: 1050, slowdown: 2.5 });
    expect(flag).toBe("--throttling.cpuSlowdownMultiplier=2.5");
    expect(JSON.parse(readFileSync(file, "utf8")).settings.throttling).toEqual({
      rttMs: 150,
      cpuSlowdownMultiplier: 2.5,
    });
  });
});
