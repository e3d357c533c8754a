// Detection delay: how long after the local service finishes a prediction the open page shows
// it. Ten tabs watch each of 20 new predictions on its own page; each tab notes the moment its
// first image element appears, against the moment the service wrote the images (control API).
// Pages learn of it from their live-update stream, fed by the watcher (on here); the polls they
// still make (none while the stream is up) and the service's calls for the shot are counted.
import { chromium, type Page } from "playwright";
import { round, type BenchContext, type BenchRow, type BenchSection } from "./context";
import { CHROMIUM_FLAGS } from "../chromium-flags";
import { openLiveClient } from "./live-client";

const SECTION = "detection";
const TABS = 10;
const PREDICTIONS = 20;
const POLL = /^\/api\/predictions\/[^/]+$/;

// Browser-side, as a string (tsx would wrap a function in a helper the page lacks).
const WATCH = `(() => {
  const check = () => { if (!window.__shownAt && document.querySelector("figure img")) window.__shownAt = Date.now(); };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})()`;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function finishedAt(ctx: BenchContext, id: string): Promise<number | null> {
  const answer = (await ctx.control(`/prediction/${id}`)) as { finishedAt: string | null } | null;
  return answer?.finishedAt ? Date.parse(answer.finishedAt) : null;
}

async function seedProductId(ctx: BenchContext): Promise<string> {
  const page = (await (await ctx.app("/api/predictions?limit=1&sort=oldest")).json()) as {
    items: { product_id: string }[];
  };
  return page.items[0].product_id;
}

const section: BenchSection = {
  name: SECTION,
  appEnv: { WATCHER: "on" },
  async run(ctx) {
    const productId = await seedProductId(ctx);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_FLAGS,
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
      const [name, ...value] = ctx.cookie.split("=");
      await context.addCookies([{ name, value: value.join("="), url: ctx.appUrl }]);
      await context.addInitScript(WATCH);
      let polls = 0;
      context.on("request", (request) => {
        if (request.method() === "GET" && POLL.test(new URL(request.url()).pathname)) polls++;
      });
      const tabs: Page[] = [];
      for (let i = 0; i < TABS; i++) tabs.push(await context.newPage());

      const delays: number[] = [];
      // A raw event stream beside the tabs: how soon the server told, apart from the pages' share.
      const raw = await openLiveClient(ctx);
      const toldDelays: number[] = [];
      let totalPolls = 0;
      let serviceCalls = 0;
      let skipped = 0;
      for (let n = 0; n < PREDICTIONS; n++) {
        const created = (await (
          await ctx.app("/api/predictions", {
            json: { product_id: productId, prompt: `Detection shot ${n} on a white table`, aspect_ratio: "1:1" },
          })
        ).json()) as { id: string };
        try {
          await Promise.all(
            tabs.map(async (tab) => {
              await tab.goto(`${ctx.appUrl}/predictions/${created.id}`, {
                waitUntil: "domcontentloaded",
                timeout: 60_000,
              });
              await tab.getByText("Not yet", { exact: true }).first().waitFor({ timeout: 30_000 });
            }),
          );
        } catch {
          skipped++;
          continue;
        }
        // Only a prediction that finished after every tab was watching counts.
        if ((await finishedAt(ctx, created.id)) !== null) {
          skipped++;
          continue;
        }
        await ctx.control("/calls", { method: "DELETE" });
        polls = 0;
        const shown = await Promise.all(
          tabs.map((tab) =>
            tab
              .waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt, undefined, {
                timeout: 60_000,
                polling: 100,
              })
              .then((h) => h.jsonValue() as Promise<number>),
          ),
        );
        const done = await finishedAt(ctx, created.id);
        const calls =
          ((await ctx.control("/calls")) as { calls: Record<string, number> }).calls[
            `GET /api/v1/prediction/${created.id}`
          ] ?? 0;
        if (done === null) throw new Error(`prediction ${created.id} shown but not finished`);
        for (const at of shown) delays.push(at - done);
        const told = raw.told.get(created.id);
        if (told !== undefined) toldDelays.push(told - done);
        totalPolls += polls;
        serviceCalls += calls;
      }
      await context.close();
      raw.close();
      const counted = PREDICTIONS - skipped;
      const note = `${counted} predictions × ${TABS} tabs${skipped ? ` (${skipped} finished before all tabs were watching, left out)` : ""}`;
      const rows: BenchRow[] = [
        {
          section: SECTION,
          metric: "prediction finished → shown, p50",
          value: round(percentile(delays, 50)),
          unit: "ms",
          note,
        },
        {
          section: SECTION,
          metric: "prediction finished → shown, p95",
          value: round(percentile(delays, 95)),
          unit: "ms",
          note: "goal ≤ 500",
        },
        {
          section: SECTION,
          metric: "prediction finished → told on a raw event stream, p50 / p95",
          value: round(percentile(toldDelays, 50)),
          unit: "ms",
          note: `p95 ${round(percentile(toldDelays, 95))} ms: the server's share of the delay above, the rest is the tabs'`,
        },
        {
          section: SECTION,
          metric: "service calls per shot",
          value: round(counted ? serviceCalls / counted : 0),
          unit: "calls",
          note: `the watcher's; ${totalPolls} polls by ${TABS} tabs in all (0 while their streams are up)`,
        },
      ];
      return rows;
    } finally {
      await browser.close();
    }
  },
};

export default section;
