// One Lighthouse run (the npm package's CLI, mobile preset: its default) against the system
// Chromium, signed in by a cookie header read from a file (so it is on no command line), with the
// report kept as JSON for its opportunities and diagnostics, the same load also scored at the CPU
// slowdown calibrated to this host (calibrate.ts); and the median of several runs.
//
// Headless Chromium sometimes holds a page's first frame back by one or two whole seconds after
// the page has loaded, with its main thread idle (viz stops offering it BeginFrames:
// GoogleChrome/lighthouse#17148 and #17230, open). Lighthouse's simulation then takes every
// request and task before that late paint into its LCP, and the score falls by up to 30 points for
// the same page. Here it held back nearly every run while Chromium's paint holding was on (the
// renderer keeps a navigation's first frames back until the page has content to show; likely what
// leaves viz taking the page for unresponsive, #17148's "ThrottleUnresponsiveClient", though not
// traced here). With it off, 40 of 40 loads of the usage, password and sign-in pages painted
// before their load event, against 7 of 46 with it on (2026-11-27). A run still painted after its
// load event is recognised by its own trace and set aside: the median is of the runs the browser
// painted as it loaded.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_FLAGS } from "../../chromium-flags";
import { calibrateArtifacts, type Calibration } from "./calibrate";

const CHROME_FLAGS = ["--headless=new", "--disable-features=PaintHolding", ...CHROMIUM_FLAGS];
const TIMEOUT_MS = 180_000;

export interface PerformanceScores {
  performance: number;
  lcpMs: number;
  totalBlockingTimeMs: number;
}

export interface LighthouseScores extends PerformanceScores {
  accessibility: number;
  /** The unthrottled load painted its first content only after its load event (see above). */
  paintHeldBack: boolean;
  /** What Lighthouse says most delays the page, for the note: the top opportunity or LCP element. */
  report: string;
  /** The same load scored at the CPU slowdown calibrated to the host (see calibrate.ts). */
  calibrated: PerformanceScores & Calibration;
}

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      score: number | null;
      title: string;
      details?: { items?: { observedFirstContentfulPaint?: number; observedLoad?: number }[] };
    }
  >;
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

/** Runs Lighthouse on `url`; `headersFile` holds `{"cookie": "…"}`; the report goes to `reportFile`,
 * and the same load scored at the host's calibrated CPU slowdown to `…-calibrated.json`. */
export async function runLighthouse(url: string, headersFile: string, reportFile: string): Promise<LighthouseScores> {
  // The saved artifacts carry the cookie too: they live beside the headers file, in its private folder.
  const artifacts = mkdtempSync(path.join(path.dirname(headersFile), "artifacts-"));
  const common = [
    `--extra-headers=${headersFile}`,
    "--only-categories=performance,accessibility",
    "--output=json",
    "--quiet",
  ];
  const calibratedFile = reportFile.replace(/\.json$/, "-calibrated.json");
  try {
    await cli([
      url,
      `--chrome-path=${process.env.CHROMIUM_PATH || "/usr/bin/chromium"}`,
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
      `-GA=${artifacts}`,
      `--output-path=${reportFile}`,
      ...common,
    ]);
    const { calibration, flag } = calibrateArtifacts(artifacts);
    await cli([`-A=${artifacts}`, flag, `--output-path=${calibratedFile}`, ...common]);
    const lhr = readReport(reportFile);
    const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
    return {
      ...scores(lhr),
      accessibility: score(lhr, "accessibility"),
      paintHeldBack: (observed.observedFirstContentfulPaint ?? 0) > (observed.observedLoad ?? Number.POSITIVE_INFINITY),
      report: failingAudits(lhr),
      calibrated: { ...scores(readReport(calibratedFile)), ...calibration },
    };
  } finally {
    rmSync(artifacts, { recursive: true, force: true });
  }
}

/** Reads a report and writes it back without the cookie Lighthouse keeps in its settings. */
function readReport(file: string): Lhr {
  const lhr = JSON.parse(readFileSync(file, "utf8")) as Lhr & { configSettings?: { extraHeaders?: unknown } };
  if (lhr.configSettings?.extraHeaders) {
    lhr.configSettings.extraHeaders = { cookie: "[hidden]" };
    writeFileSync(file, JSON.stringify(lhr));
  }
  return lhr;
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

function scores(lhr: Lhr): PerformanceScores {
  return {
    performance: score(lhr, "performance"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    totalBlockingTimeMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
  };
}

/** How many runs a page's median is taken of (BENCH_LIGHTHOUSE_RUNS, 3 by default). */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseMedian {
  /** The median run (by performance; the lower middle one of an even number) of those painted as
   * loaded, or of all when none was. */
  median: LighthouseScores;
  /** The same runs' median when scored at the host's calibrated CPU slowdown. */
  calibrated: PerformanceScores & Calibration;
  /** Every run's score for the note, a held-back one marked with "*" and the mark explained. */
  runs: string;
  /** Every counted run's calibrated score and slowdown, for the note. */
  calibratedRuns: string;
}

/**
 * Runs Lighthouse until `runs` runs painted as they loaded (at most twice as many runs in all),
 * reports to `${reportBase}-<n>.json` (and `-<n>-calibrated.json`).
 */
export async function medianLighthouse(
  url: string,
  headersFile: string,
  reportBase: string,
  runs: number,
): Promise<LighthouseMedian> {
  const all: LighthouseScores[] = [];
  while (all.filter((r) => !r.paintHeldBack).length < runs && all.length < runs * 2) {
    all.push(await runLighthouse(url, headersFile, `${reportBase}-${all.length + 1}.json`));
  }
  const painted = all.filter((r) => !r.paintHeldBack);
  const counted = painted.length > 0 ? painted : all;
  // Of an even number of runs, the lower of the two middle ones: a goal is not met by rounding up.
  const middle = <T>(sorted: T[]) => sorted[(sorted.length - 1) >> 1];
  return {
    median: middle([...counted].sort((a, b) => a.performance - b.performance)),
    calibrated: middle(counted.map((r) => r.calibrated).sort((a, b) => a.performance - b.performance)),
    runs:
      all.map((r) => `${r.performance}${r.paintHeldBack ? "*" : ""}`).join(", ") +
      (painted.length < all.length ? " (* first paint held back by headless Chromium, not counted)" : ""),
    calibratedRuns: counted.map((r) => `${r.calibrated.performance} at ${r.calibrated.slowdown}×`).join(", "),
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
