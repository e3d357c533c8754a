// A product made from five large PNG textures (about 19 MB each, 97 MB in one request) through
// POST /api/products, the way the new-product form sends it: how much the app server's memory
// grows while it spools the upload, sends it on, runs the texture advisor and keeps the texture
// thumbnails. Each texture is 5000 × 5000 RGBA (100 MB of pixels if decoded whole). RSS sampled
// from /proc every 10 ms; the first upload of the run is a small one, so loading the route's code
// is not counted.
import sharp from "sharp";
import { round, rssMb, timed, type BenchContext, type BenchRow, type BenchSection } from "./context";

const SECTION = "large-upload";
const SIDE = 5000;
const TEXTURES = 5;
const TARGET_BYTES = 19.4e6;
const RUNS = 3;
const KEYS = ["label", "cap", "side", "back", "base"];

/**
 * A texture of SIDE × SIDE pixels whose PNG is close to TARGET_BYTES: noise drawn at a lower
 * resolution and enlarged, so it compresses to the size wanted in seconds rather than minutes.
 */
async function bigTexture(noiseSide: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: noiseSide,
      height: noiseSide,
      channels: 4,
      background: { r: 128, g: 128, b: 128, alpha: 1 },
      noise: { type: "gaussian", mean: 128, sigma: 20 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(noise.data, { raw: noise.info }).resize(SIDE, SIDE, { kernel: "nearest" }).png().toBuffer();
}

async function textures(): Promise<Buffer[]> {
  // PNG size grows with the noise's own resolution: one adjustment lands within a few per cent.
  let side = 2200;
  let first = await bigTexture(side);
  side = Math.round(side * Math.sqrt(TARGET_BYTES / first.length));
  first = await bigTexture(side);
  const rest = [];
  for (let i = 1; i < TEXTURES; i++) rest.push(await bigTexture(side));
  return [first, ...rest];
}

async function upload(ctx: BenchContext, files: Buffer[], name: string): Promise<void> {
  const form = new FormData();
  form.append("template_id", "1");
  form.append("name", name);
  files.forEach((bytes, n) => {
    form.append(`texture[${n}]`, new Blob([new Uint8Array(bytes)], { type: "image/png" }), `${KEYS[n]}.png`);
    form.append(`texture[${n}][key]`, KEYS[n]);
  });
  const response = await fetch(`${ctx.appUrl}/api/products`, {
    method: "POST",
    body: form,
    headers: { cookie: ctx.cookie, origin: ctx.appUrl },
  });
  if (response.status !== 201) throw new Error(`POST /api/products: HTTP ${response.status} ${await response.text()}`);
  await response.json();
}

async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const files = await textures();
  const total = files.reduce((sum, f) => sum + f.length, 0);
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c83232" } })
    .png()
    .toBuffer();
  await upload(ctx, [small, small], "Warm-up bottle");
  const growths: number[] = [];
  const notes: string[] = [];
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = rssMb(ctx.appPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(ctx.appPid))), 10);
    try {
      times.push((await timed(() => upload(ctx, files, `Large bottle ${i + 1}`))).ms);
      peak = Math.max(peak, rssMb(ctx.appPid));
    } finally {
      clearInterval(sampler);
    }
    growths.push(peak - before);
    notes.push(`${round(before)} → ${round(peak)} MB`);
  }
  const label = `${round(total / 1e6, 0)} MB upload`;
  return [
    {
      section: SECTION,
      metric: `${label}: app server growth (goal ≤ 32 MB)`,
      value: round(Math.max(...growths)),
      unit: "MB",
      note: `largest of ${RUNS}: ${notes.join(", ")}; ${TEXTURES} PNG textures of ${SIDE}×${SIDE}, ${files.map((f) => round(f.length / 1e6)).join(" + ")} MB`,
    },
    {
      section: SECTION,
      metric: `${label}: POST /api/products answered`,
      value: round(Math.max(...times), 0),
      unit: "ms",
      note: `slowest of ${RUNS}; spool, send to the local service, advice, thumbnails`,
    },
  ];
}

const section: BenchSection = { name: SECTION, sizes: [1_000], run };

export default section;
