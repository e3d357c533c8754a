// `npm test`: lint, typecheck, production build, unit and integration tests (vitest: the BFF
// tests run against the built app), and the Playwright journeys in Chromium. Stops at the first failing stage and exits non-zero.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
mkdirSync(path.join(root, "test-results"), { recursive: true });

const stages: { name: string; command: string; args: string[] }[] = [
  { name: "lint", command: bin("eslint"), args: ["."] },
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "build", command: bin("next"), args: ["build"] },
  {
    name: "unit and integration (vitest)",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"],
  },
  { name: "journeys (playwright)", command: bin("playwright"), args: ["test"] },
];

const only = process.argv.slice(2);
const timings: string[] = [];
for (const stage of stages) {
  if (only.length && !only.some((o) => stage.name.startsWith(o))) continue;
  console.log(`\n▶ ${stage.name}`);
  const started = Date.now();
  const result = spawnSync(stage.command, stage.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${stage.name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${stage.name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    summary();
    process.exit(result.status || 1);
  }
}
summary();

function summary() {
  console.log(`\nTimings\n  ${timings.join("\n  ")}`);
  let passed = 0;
  let failed = 0;
  const vitest = readJson(path.join(root, "test-results", "vitest.json"));
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
  }
  const pw = readJson(path.join(root, "test-results", "playwright.json"));
  if (pw?.stats) {
    passed += pw.stats.expected ?? 0;
    failed += (pw.stats.unexpected ?? 0) + (pw.stats.flaky ?? 0);
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
}

function readJson(file: string) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
