// Live updates (GET /api/events): how long after the local service finishes a shot an open page
// is told, with 10 and 100 pages open (raw event-stream clients, as a browser's EventSource reads
// it); the service calls per minute with 1, 10 and 100 pages open (the watcher's alone: pages no
// longer ask); a real page's requests per minute while idle; the app's memory with 1,000 streams.
import { chromium } from "playwright";
import { percentile, round, rssMb, type BenchContext, type BenchRow, type BenchSection } from "./context";
import { CHROMIUM_FLAGS } from "../chromium-flags";
import { openLiveClient, type LiveClient } from "./live-client";

const SECTION = "live";
const STREAMS_HELD = 1_000;
const IDLE_MS = 60_000;

async function finishedAt(ctx: BenchContext, id: string): Promise<number | null> {
  const answer = (await ctx.control(`/prediction/${id}`)) as { finishedAt: string | null } | null;
  return answer?.finishedAt ? Date.parse(answer.finishedAt) : null;
}

async function productId(ctx: BenchContext): Promise<string> {
  const page = (await (await ctx.app("/api/predictions?limit=1&sort=oldest")).json()) as {
    items: { product_id: string }[];
  };
  return page.items[0].product_id;
}

const serviceCalls = async (ctx: BenchContext) =>
  Object.values(((await ctx.control("/calls")) as { calls: Record<string, number> }).calls).reduce((a, b) => a + b, 0);

/** `shots` shots one after another, each watched by `clients` open streams: the delays and the calls per minute. */
async function run(ctx: BenchContext, product: string, clients: number, shots: number) {
  const open = await Promise.all(Array.from({ length: clients }, () => openLiveClient(ctx)));
  await ctx.control("/calls", { method: "DELETE" });
  const started = Date.now();
  const delays: number[] = [];
  for (let n = 0; n < shots; n++) {
    const created = (await (
      await ctx.app("/api/predictions", {
        json: { product_id: product, prompt: `Live shot ${clients}-${n} on a white table`, aspect_ratio: "1:1" },
      })
    ).json()) as { id: string };
    for (let waited = 0; open.some((c) => !c.told.has(created.id)); waited += 20) {
      if (waited > 60_000) throw new Error(`shot ${created.id} was not told to every stream within a minute`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const done = await finishedAt(ctx, created.id);
    if (done === null) throw new Error(`shot ${created.id} told but not finished`);
    for (const client of open) delays.push(client.told.get(created.id)! - done);
  }
  const minutes = (Date.now() - started) / 60_000;
  const calls = await serviceCalls(ctx);
  for (const client of open) client.close();
  return { delays, callsPerMinute: calls / minutes, calls };
}

async function idleRequestsPerMinute(ctx: BenchContext): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext();
    const [name, ...value] = ctx.cookie.split("=");
    await context.addCookies([{ name, value: value.join("="), url: ctx.appUrl }]);
    const page = await context.newPage();
    await page.goto(`${ctx.appUrl}/review`);
    await page.locator('[data-live="up"]').waitFor({ state: "attached", timeout: 30_000 });
    await page.waitForTimeout(5_000);
    let requests = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) requests++;
    });
    await page.waitForTimeout(IDLE_MS);
    return (requests * 60_000) / IDLE_MS;
  } finally {
    await browser.close();
  }
}

const section: BenchSection = {
  name: SECTION,
  sizes: [1_000],
  // Pages learn of shots from the watcher: it runs here. One person holds all the streams.
  appEnv: { WATCHER: "on", EVENT_STREAMS_PER_PERSON: "2000" },
  async run(ctx) {
    const product = await productId(ctx);
    const rows: BenchRow[] = [];
    const perMinute: string[] = [];
    for (const [clients, shots] of [
      [1, 10],
      [10, 20],
      [100, 20],
    ] as const) {
      const result = await run(ctx, product, clients, shots);
      perMinute.push(`${clients}: ${round(result.callsPerMinute)}`);
      rows.push({
        section: SECTION,
        metric: `service calls per minute, ${clients} page${clients > 1 ? "s" : ""} open`,
        value: round(result.callsPerMinute),
        unit: "calls",
        note: `${result.calls} calls over ${shots} shots one after another; goal: the same for 1, 10, 100`,
      });
      if (clients === 1) continue;
      rows.push(
        {
          section: SECTION,
          metric: `shot finished → page told, p50, ${clients} pages`,
          value: round(percentile(result.delays, 50)),
          unit: "ms",
          note: `${shots} shots × ${clients} event streams`,
        },
        {
          section: SECTION,
          metric: `shot finished → page told, p95, ${clients} pages`,
          value: round(percentile(result.delays, 95)),
          unit: "ms",
          note: "goal ≤ 500",
        },
      );
    }
    rows.push({
      section: SECTION,
      metric: "API requests per idle page per minute",
      value: round(await idleRequestsPerMinute(ctx)),
      unit: "count",
      note: "the review queue left open a minute, its event stream up; goal ≤ 2",
    });
    const idle = rssMb(ctx.appPid);
    const held: LiveClient[] = [];
    for (let n = 0; n < STREAMS_HELD; n += 50)
      held.push(...(await Promise.all(Array.from({ length: 50 }, () => openLiveClient(ctx)))));
    await new Promise((r) => setTimeout(r, 3_000));
    const justOpened = rssMb(ctx.appPid);
    // Held past one heartbeat to every stream (15 s): the memory of streams kept open, beside that
    // of the thousand requests that opened them, whose garbage the collector has had time to take.
    await new Promise((r) => setTimeout(r, 13_000));
    const withStreams = rssMb(ctx.appPid);
    for (const client of held) client.close();
    rows.push({
      section: SECTION,
      metric: `app RSS with ${STREAMS_HELD.toLocaleString("en-US")} open streams, above idle`,
      value: round(withStreams - idle),
      unit: "MB",
      note: `${round(idle)} MB idle, ${round(withStreams)} MB with the streams 16 s after opening (${round(justOpened)} MB at 3 s); goal ≤ 100`,
    });
    return rows;
  },
};

export default section;
