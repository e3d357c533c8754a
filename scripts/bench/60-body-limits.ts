// A 300 MB JSON body sent in chunks (no Content-Length) to POST /api/session, alone and four at
// once: how much the app server's memory grows (peak RSS over the start) and how many bytes it
// took before answering 413. Goal: growth ≤ 64 MB.
import http from "node:http";
import { round, rssMb, type BenchContext, type BenchRow, type BenchSection } from "./context";

const SECTION = "body limits";
const MB = 1024 * 1024;
const TOTAL = 300 * MB;

/** Writes up to 300 MB in 64 KB chunks, stopping at the answer; the bytes handed to the socket. */
function sendChunked(appUrl: string): Promise<{ status: number; written: number }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request(new URL("/api/session", appUrl), {
      method: "POST",
      headers: { origin: appUrl, "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      response.resume();
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, written });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && written < TOTAL) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** Runs `fn` while sampling the app's RSS; the peak growth over the RSS before it, in MB. */
async function peakGrowth<T>(pid: number, fn: () => Promise<T>): Promise<{ growth: number; value: T }> {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  try {
    const value = await fn();
    peak = Math.max(peak, rssMb(pid));
    return { growth: peak - before, value };
  } finally {
    clearInterval(timer);
  }
}

async function run(ctx: BenchContext): Promise<BenchRow[]> {
  // Warm the route with a small body, so its first load is not counted (a big one would leave the
  // heap grown and hide the growth of the measured call).
  await fetch(new URL("/api/session", ctx.appUrl), {
    method: "POST",
    headers: { origin: ctx.appUrl, "content-type": "application/json" },
    body: "{}",
  });
  const one = await peakGrowth(ctx.appPid, () => sendChunked(ctx.appUrl));
  const four = await peakGrowth(ctx.appPid, () => Promise.all([1, 2, 3, 4].map(() => sendChunked(ctx.appUrl))));
  const statuses = [one.value.status, ...four.value.map((a) => a.status)];
  if (statuses.some((s) => s !== 413)) throw new Error(`expected 413 for every body, got ${statuses.join(", ")}`);
  const mostWritten = Math.max(...four.value.map((a) => a.written));
  return [
    {
      section: SECTION,
      metric: "300 MB chunked body: app RSS growth",
      value: round(one.growth),
      unit: "MB",
      note: "goal ≤ 64 MB; answered 413",
    },
    {
      section: SECTION,
      metric: "300 MB chunked body: bytes taken before 413",
      value: round(one.value.written / 1024),
      unit: "KB",
      note: "limit 64 KB; the rest is socket buffers",
    },
    {
      section: SECTION,
      metric: "4 × 300 MB at once: app RSS growth",
      value: round(four.growth),
      unit: "MB",
      note: "goal ≤ 64 MB",
    },
    {
      section: SECTION,
      metric: "4 × 300 MB at once: most bytes taken by one",
      value: round(mostWritten / 1024),
      unit: "KB",
    },
  ];
}

const section: BenchSection = { name: SECTION, run };

export default section;
