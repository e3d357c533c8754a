// Lighthouse (mobile preset) on the pages people open most: dashboard, gallery, products, review
// queue, a product page with 300 shots, and the new-product form, after the floors they are read
// against (lighthouse/floor.ts). Each page is opened once beforehand in Chromium at Lighthouse's
// phone size, so the thumbnails it needs are already on the server's disk, as for every visitor
// after the first; Lighthouse itself starts with an empty browser cache. Median of
// BENCH_LIGHTHOUSE_RUNS runs (3) per page, by performance score, of the runs whose first paint
// headless Chromium did not hold back (see lighthouse/run-lighthouse.ts).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import type { BenchContext, BenchRow, BenchSection } from "./context";
import { floorRows } from "./lighthouse/floor";
import { LIGHTHOUSE_RUNS, medianLighthouse, writeHeadersFile } from "./lighthouse/run-lighthouse";
import { seedProductWithShots } from "./lighthouse/seed-product";

const SECTION = "lighthouse";
const PRODUCT_SHOTS = 300;
const REPORTS = path.resolve(__dirname, "../../bench-results/lighthouse");
// Lighthouse's mobile preset emulates a 412×823 screen at a device pixel ratio of 1.75.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function warmThumbnails(ctx: BenchContext, paths: string[]): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext(PHONE);
    const [name, ...value] = ctx.cookie.split("=");
    await context.addCookies([{ name, value: value.join("="), url: ctx.appUrl }]);
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(`${ctx.appUrl}${p}`, { waitUntil: "networkidle", timeout: 120_000 });
    }
  } finally {
    await browser.close();
  }
}

const section: BenchSection = {
  name: SECTION,
  // The 300 shots of the product page are the bench's own, made in a minute or two: a person's
  // pace limit (30 a minute) is not what this section measures.
  appEnv: { PERSON_SHOTS_PER_MINUTE: "10000" },
  async run(ctx) {
    const productId = await seedProductWithShots(ctx, PRODUCT_SHOTS);
    const pages = [
      { name: "dashboard", path: "/" },
      { name: "gallery", path: "/gallery" },
      { name: "products", path: "/products" },
      { name: "review queue", path: "/review" },
      { name: `product page (${PRODUCT_SHOTS} shots)`, path: `/products/${productId}` },
      { name: "new product", path: "/products/new" },
    ];
    await warmThumbnails(
      ctx,
      pages.map((p) => p.path),
    );
    mkdirSync(REPORTS, { recursive: true });
    const secrets = mkdtempSync(path.join(tmpdir(), "studio-lighthouse-"));
    const headersFile = path.join(secrets, "headers.json");
    writeHeadersFile(headersFile, ctx.cookie);
    const rows: BenchRow[] = [];
    try {
      // The floors first (the framework alone, then the studio's shell): every page below is read
      // against them, in the same run (lighthouse/floor.ts).
      rows.push(...(await floorRows(SECTION, ctx.appUrl, headersFile, path.join(REPORTS, "floor"))));
      for (const [n, page] of pages.entries()) {
        const {
          median: m,
          calibrated,
          runs: all,
          calibratedRuns,
        } = await medianLighthouse(
          `${ctx.appUrl}${page.path}`,
          headersFile,
          path.join(REPORTS, String(n + 1)),
          LIGHTHOUSE_RUNS,
        );
        rows.push(
          {
            section: SECTION,
            metric: `${page.name}: performance`,
            value: m.performance,
            unit: "count",
            note: `runs ${all}; goal ≥ 95`,
          },
          {
            section: SECTION,
            metric: `${page.name}: performance, CPU slowdown calibrated to this host`,
            value: calibrated.performance,
            unit: "count",
            note: `the same runs at Lighthouse's calibrated slowdown: ${calibratedRuns}`.slice(0, 240),
          },
          {
            section: SECTION,
            metric: `${page.name}: largest contentful paint`,
            value: m.lcpMs,
            unit: "ms",
            note: `goal ≤ 2500; ${m.report}`.slice(0, 160),
          },
          {
            section: SECTION,
            metric: `${page.name}: accessibility`,
            value: m.accessibility,
            unit: "count",
            note: "goal 100",
          },
        );
      }
    } finally {
      rmSync(secrets, { recursive: true, force: true });
    }
    return rows;
  },
};

export default section;
