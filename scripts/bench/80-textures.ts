// The texture advisor on a 25 MB texture: how long POST /api/textures/check takes (upload over
// loopback, spooling, analysis) and how much the app server's memory grows meanwhile, for a
// JPEG and a PNG each just under the 25 MiB limit. RSS sampled from /proc every 10 ms.
import sharp from "sharp";
import { MAX_TEXTURE_BYTES } from "../../lib/schemas/product";
import { median, round, rssMb, timed, type BenchContext, type BenchRow, type BenchSection } from "./context";

const SECTION = "textures";
const RUNS = 3;

/** Noisy (hard to compress) texture, shrunk until it fits under the limit. */
async function texture(format: "jpeg" | "png", side: number): Promise<{ bytes: Buffer; side: number }> {
  for (;;) {
    const image = sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    });
    const bytes = format === "jpeg" ? await image.jpeg({ quality: 95 }).toBuffer() : await image.png().toBuffer();
    if (bytes.length <= MAX_TEXTURE_BYTES - 64 * 1024) return { bytes, side };
    side = Math.floor(side * 0.97);
  }
}

async function check(ctx: BenchContext, bytes: Buffer, name: string, expected = 200): Promise<void> {
  const form = new FormData();
  form.append("texture[0][key]", "label");
  form.append("texture[0]", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${ctx.appUrl}/api/textures/check`, {
    method: "POST",
    body: form,
    headers: { cookie: ctx.cookie, origin: ctx.appUrl },
  });
  if (response.status !== expected) throw new Error(`textures/check: HTTP ${response.status} ${await response.text()}`);
  await response.json();
}

async function measure(ctx: BenchContext, format: "jpeg" | "png", side: number): Promise<BenchRow[]> {
  const made = await texture(format, side);
  const label = `${format.toUpperCase()} ${made.side}×${made.side}, ${round(made.bytes.length / 1024 / 1024)} MiB`;
  await check(ctx, made.bytes, `warm-up.${format}`);
  const before = rssMb(ctx.appPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(ctx.appPid))), 10);
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) times.push((await timed(() => check(ctx, made.bytes, `t.${format}`))).ms);
  } finally {
    clearInterval(sampler);
  }
  // The same bytes with a broken first byte are refused once spooled ("not an image"): what the
  // upload and spooling alone cost, so the difference is the analysis.
  const broken = Buffer.from(made.bytes);
  broken[0] = 0;
  const spoolTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) spoolTimes.push((await timed(() => check(ctx, broken, `b.${format}`, 400))).ms);
  return [
    {
      section: SECTION,
      metric: `same bytes, upload + spool only (median of ${RUNS})`,
      value: round(median(spoolTimes)),
      unit: "ms",
      note: "refused as not an image once on disk",
    },
    {
      section: SECTION,
      metric: `analysis of it (difference)`,
      value: round(median(times) - median(spoolTimes)),
      unit: "ms",
    },
    {
      section: SECTION,
      metric: `check of one ${label} (median of ${RUNS})`,
      value: round(median(times)),
      unit: "ms",
      note: "upload over loopback + spool + analysis",
    },
    {
      section: SECTION,
      metric: `app RSS growth while checking it`,
      value: round(Math.max(0, peak - before)),
      unit: "MB",
      note: `${round(before)} → ${round(peak)} MB`,
    },
  ];
}

const section: BenchSection = {
  name: SECTION,
  async run(ctx) {
    return [...(await measure(ctx, "jpeg", 5400)), ...(await measure(ctx, "png", 3000))];
  },
};

export default section;
