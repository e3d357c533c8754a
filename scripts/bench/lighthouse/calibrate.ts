// Lighthouse's mobile score slows the host's CPU down 4×, which takes a high-end desktop (its
// benchmarkIndex 1,500–2,000) to a mid-tier phone. On a slower host the same 4× describes a slower
// phone than that, and Lighthouse itself warns so in the report ("The tested device appears to have
// a slower CPU than Lighthouse expects…") below an index of 1,000. Its throttling doc ("Calibrating
// the CPU slowdown", docs/throttling.md) asks for the multiplier to be calibrated to the host, by
// the calculator it links. This file applies that calculator to the run's own benchmarkIndex and
// scores the very same page load again at that multiplier: Lighthouse's simulation works from the
// unthrottled trace, so only the audit is run twice (`-A` on the artifacts the run saved with `-GA`).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The CPU slowdown that takes a host of `benchmarkIndex` to Lighthouse's mid-tier phone, by the
 * formula of Lighthouse's CPU throttling calculator (1,533 → 4×, 1,300 → 3×, 800 → 2×, 150 → 1×).
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 100) / 100;
}

export interface Calibration {
  benchmarkIndex: number;
  slowdown: number;
}

/**
 * Rewrites the saved artifacts' slowdown to the calibrated one (the audit refuses settings that
 * differ from the gathered ones; in simulated throttling the gathering never used it) and returns
 * the CLI flag that audits them with it.
 */
export function calibrateArtifacts(artifactsDir: string): { calibration: Calibration; flag: string } {
  const file = path.join(artifactsDir, "artifacts.json");
  const artifacts = JSON.parse(readFileSync(file, "utf8")) as {
    BenchmarkIndex: number;
    settings: { throttling: { cpuSlowdownMultiplier: number } };
  };
  const slowdown = calibratedSlowdown(artifacts.BenchmarkIndex);
  artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown;
  writeFileSync(file, JSON.stringify(artifacts));
  return {
    calibration: { benchmarkIndex: artifacts.BenchmarkIndex, slowdown },
    flag: `--throttling.cpuSlowdownMultiplier=${slowdown}`,
  };
}
