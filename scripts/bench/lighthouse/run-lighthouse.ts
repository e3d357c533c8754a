// One Lighthouse run (the npm package's CLI, mobile preset: its default) against the system
// Chromium, signed in by a cookie header read from a file (so it is on no command line), with the
// report kept as JSON for its opportunities and diagnostics.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_FLAGS } from "../../chromium-flags";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const TIMEOUT_MS = 180_000;

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** What Lighthouse says most delays the page, for the note: the top opportunity or LCP element. */
  report: string;
}

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
}

function cli(args: string[]): Promise<void> {
  const bin = path.resolve(__dirname, "../../../node_modules/.bin/lighthouse");
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`lighthouse exited with ${code}: ${stderr}`));
    });
  });
}

/** Runs Lighthouse on `url`; `headersFile` holds `{"cookie": "…"}`; the report goes to `reportFile`. */
export async function runLighthouse(url: string, headersFile: string, reportFile: string): Promise<LighthouseScores> {
  await cli([
    url,
    `--chrome-path=${process.env.CHROMIUM_PATH || "/usr/bin/chromium"}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    `--extra-headers=${headersFile}`,
    "--only-categories=performance,accessibility",
    "--output=json",
    `--output-path=${reportFile}`,
    "--quiet",
  ]);
  const lhr = JSON.parse(readFileSync(reportFile, "utf8")) as Lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    report: failingAudits(lhr),
  };
}

/** The audits that lost points, worst first (titles only), so a miss names its cause. */
function failingAudits(lhr: Lhr): string {
  return Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9)
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .slice(0, 3)
    .map((a) => a.title)
    .join("; ");
}

export function writeHeadersFile(file: string, cookie: string): void {
  writeFileSync(file, JSON.stringify({ cookie }), { mode: 0o600 });
}
