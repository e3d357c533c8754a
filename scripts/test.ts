// `npm test`: lint, typecheck, production build, unit and integration tests (vitest: the BFF
// tests run against the built app), and the Playwright journeys in Chromium. Stops at the first
// failing stage and exits non-zero.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
mkdirSync(path.join(root, "test-results"), { recursive: true });

interface Step {
  command: string;
  args: string[];
}
// A stage's steps run side by side: lint (eslint, the layers' check, the format check) and the type check are one core each.
const stages: { name: string; steps: Step[] }[] = [
  {
    name: "lint and typecheck",
    steps: [
      { command: "npm", args: ["run", "lint"] },
      { command: bin("tsc"), args: ["--noEmit"] },
    ],
  },
  { name: "build", steps: [{ command: bin("next"), args: ["build"] }] },
  {
    name: "unit and integration (vitest)",
    steps: [
      {
        command: bin("vitest"),
        args: ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"],
      },
    ],
  },
  { name: "journeys (playwright)", steps: [{ command: bin("playwright"), args: ["test"] }] },
];

const only = process.argv.slice(2);
const timings: string[] = [];

async function main() {
  // The summary speaks of this run only: reports an earlier run left are removed first (a run
  // that stops at lint then counts no tests rather than the last run's).
  for (const report of ["vitest.json", "playwright.json"])
    rmSync(path.join(root, "test-results", report), { force: true });
  for (const stage of stages) {
    if (only.length && !only.some((o) => stage.name.startsWith(o))) continue;
    console.log(`\n▶ ${stage.name}`);
    const started = Date.now();
    const codes = await Promise.all(stage.steps.map(run));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    timings.push(`${stage.name}: ${seconds} s`);
    const failed = codes.find((code) => code !== 0);
    if (failed !== undefined) {
      console.error(`\n✖ ${stage.name} failed (exit ${failed}) after ${seconds} s`);
      if (stage.name.startsWith("journeys")) appLogTails();
      summary();
      process.exit(typeof failed === "number" ? failed : 1);
    }
  }
  summary();
}

void main();

function run(step: Step): Promise<number | string> {
  const child = spawn(step.command, step.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? 1)));
}

// The journeys' apps write to files (e2e/stack.ts); after a failure their last lines say what the server saw.
function appLogTails() {
  const dir = path.join(root, "test-results");
  for (const file of readdirSync(dir).filter((name) => /^e2e-app-\d+\.log$/.test(name))) {
    const lines = readFileSync(path.join(dir, file), "utf8").trimEnd().split("\n");
    console.error(`\n── last lines of test-results/${file} ──\n${lines.slice(-40).join("\n")}`);
  }
}

function summary() {
  console.log(`\nTimings\n  ${timings.join("\n  ")}`);
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  const vitest = readJson(path.join(root, "test-results", "vitest.json"));
  if (vitest) {
    const again = failedVitest(vitest).filter((name) => name.includes("(passed when run again)")).length;
    passed += (vitest.numPassedTests ?? 0) - again;
    failed += vitest.numFailedTests ?? 0;
    flaky += again;
  }
  const pw = readJson(path.join(root, "test-results", "playwright.json"));
  if (pw?.stats) {
    passed += pw.stats.expected ?? 0;
    failed += pw.stats.unexpected ?? 0;
    flaky += pw.stats.flaky ?? 0;
  }
  const names = [...failedVitest(vitest), ...failedJourneys(pw)];
  if (names.length) console.log(`\nfailed, or passed only when run again:\n  ${names.join("\n  ")}`);
  console.log(`\ntests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} passed only when run again` : ""}`);
}

// The names of what failed come last, after the apps' log tails, so a report that keeps only the end
// of the output (CI's) still says which test to look at, with the first line of its error.
interface VitestReport {
  testResults?: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}
function failedVitest(report: VitestReport | null): string[] {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      // A test that passed on its second run keeps the first run's error.
      .filter((test) => test.status === "failed" || (test.status === "passed" && test.failureMessages?.length))
      .map((test) => {
        const how = test.status === "failed" ? "" : " (passed when run again)";
        return `${path.relative(root, file.name)} › ${test.fullName}${how} — ${firstLine(test.failureMessages?.[0])}`;
      }),
  );
}

interface JourneySuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: JourneySuite[];
}
function failedJourneys(report: { suites?: JourneySuite[] } | null): string[] {
  const out: string[] = [];
  const walk = (suite: JourneySuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected" || test.status === "flaky") {
          const error = test.results.find((result) => result.error)?.error?.message;
          out.push(`e2e/${spec.file} › ${spec.title} (${test.status}) — ${firstLine(error)}`);
        }
    suite.suites?.forEach(walk);
  };
  report?.suites?.forEach(walk);
  return out;
}

function firstLine(text: string | undefined) {
  return (
    (text ?? "")
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .find((line) => line.trim()) ?? ""
  );
}

function readJson(file: string) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
