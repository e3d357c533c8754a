// Six channel exports at once of a shot as large as the app decodes (MAX_IMAGE_PIXELS), through
// GET /api/images/download with the Amazon preset: how much the app server's memory grows while
// they are made, and how long GET /api/health takes meanwhile (asked again as soon as it answers).
// Three people export two each (EXPORTS_PER_PERSON is 2 by default: a third of one person's would
// be refused, not made). The shot is one of the local service's seeded 1:1 images, its file
// replaced by the large one for the section and put back after. RSS sampled every 10 ms; one
// export first, so loading the route's code is not counted.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "../../lib/images/pixel-limits";
import { round, rssMb, type BenchContext, type BenchRow, type BenchSection } from "./context";

const SECTION = "exports";
const AT_ONCE = 6;
const PEOPLE = 3;
const PRESET = "amazon-main";
/** The largest square the app decodes. */
const SIDE = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));

/** A photo-like JPEG of SIDE × SIDE: noise drawn smaller and enlarged smoothly. */
async function largeShot(): Promise<Buffer> {
  const small = 1200;
  const noise = await sharp({
    create: {
      width: small,
      height: small,
      channels: 3,
      background: { r: 120, g: 140, b: 160 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(noise.data, { raw: noise.info })
    .resize(SIDE, SIDE, { kernel: "cubic" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The URL of a seeded 1:1 shot that the gallery's index holds (the route exports no other). The
 * service's list does not give ratios; its seeded files are named by theirs (`seed-1x1-0.jpg`).
 */
async function squareShot(ctx: BenchContext): Promise<string> {
  const page = (await (await ctx.app("/api/predictions?limit=200")).json()) as { items: { images: string[] }[] };
  const shot = page.items.flatMap((p) => p.images).find((url) => /\/seed-1x1-\d+\.jpg$/.test(new URL(url).pathname));
  if (!shot) throw new Error("no 1:1 shot among the first 200 predictions");
  return shot;
}

/** Signs in `count` reviewers (created by the admin) and answers their cookies, the admin's first. */
async function people(ctx: BenchContext, count: number): Promise<string[]> {
  const cookies = [ctx.cookie];
  for (let n = 1; n < count; n++) {
    const account = { email: `exporter-${n}-${Date.now()}@bench.test`, password: `bench-exporter-password-${n}` };
    const created = await ctx.app("/api/users", { json: { ...account, role: "reviewer" } });
    if (created.status !== 201) throw new Error(`POST /api/users: HTTP ${created.status} ${await created.text()}`);
    const signIn = await fetch(`${ctx.appUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ctx.appUrl },
      body: JSON.stringify(account),
    });
    if (signIn.status !== 200) throw new Error(`sign-in of a reviewer: HTTP ${signIn.status}`);
    cookies.push((signIn.headers.get("set-cookie") ?? "").split(";")[0]);
  }
  return cookies;
}

async function exportShot(ctx: BenchContext, cookie: string, src: string): Promise<{ status: number; bytes: number }> {
  const query = new URLSearchParams({ src, name: "large shot", preset: PRESET, format: "jpeg" });
  const response = await fetch(`${ctx.appUrl}/api/images/download?${query}`, {
    headers: { cookie, origin: ctx.appUrl },
  });
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const src = await squareShot(ctx);
  const file = path.join(
    ctx.stack.serviceDataDir,
    "images",
    decodeURIComponent(new URL(src).pathname.split("/").pop() ?? ""),
  );
  const original = await readFile(file);
  const large = await largeShot();
  await writeFile(file, large);
  try {
    const cookies = await people(ctx, PEOPLE);
    const warm = await exportShot(ctx, ctx.cookie, src);
    if (warm.status !== 200) throw new Error(`first export: HTTP ${warm.status}`);

    const before = rssMb(ctx.appPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(ctx.appPid))), 10);
    const health: number[] = [];
    let exporting = true;
    const probe = (async () => {
      while (exporting) {
        const start = performance.now();
        const response = await fetch(`${ctx.appUrl}/api/health`);
        await response.arrayBuffer();
        health.push(performance.now() - start);
      }
    })();
    const start = performance.now();
    let results: { status: number; bytes: number }[];
    try {
      results = await Promise.all(Array.from({ length: AT_ONCE }, (_, n) => exportShot(ctx, cookies[n % PEOPLE], src)));
    } finally {
      exporting = false;
      await probe;
      clearInterval(sampler);
    }
    const ms = performance.now() - start;
    peak = Math.max(peak, rssMb(ctx.appPid));
    const made = results.filter((r) => r.status === 200).length;
    if (made !== AT_ONCE) throw new Error(`exports answered ${results.map((r) => r.status).join(", ")}`);
    const label = `${AT_ONCE} exports at once of a ${SIDE}×${SIDE} shot (${round(large.length / 1e6)} MB JPEG)`;
    return [
      {
        section: SECTION,
        metric: `${label}: app server growth (goal ≤ 200 MB)`,
        value: round(peak - before),
        unit: "MB",
        note: `${round(before)} → ${round(peak)} MB; ${PEOPLE} people, 2 each, preset ${PRESET}`,
      },
      { section: SECTION, metric: `${label}: all answered`, value: round(ms, 0), unit: "ms" },
      {
        section: SECTION,
        metric: "GET /api/health meanwhile, slowest (goal ≤ 200 ms)",
        value: round(Math.max(...health)),
        unit: "ms",
        note: `${health.length} asked one after another`,
      },
      {
        section: SECTION,
        metric: "GET /api/health meanwhile, p95 (goal ≤ 200 ms)",
        value: round(percentile(health, 95)),
        unit: "ms",
        note: `median ${round(percentile(health, 50))} ms`,
      },
    ];
  } finally {
    await writeFile(file, original);
  }
}

const section: BenchSection = { name: SECTION, sizes: [1_000], run };

export default section;
