// ZIPs of 100 and 500 images (the most one ZIP takes), streamed: how long, and how much the app
// server's memory grows meanwhile. Sampled from /proc/<pid>/status every 25 ms.
import { round, rssMb, timed, type BenchContext, type BenchRow, type BenchSection } from "./context";

const SECTION = "zip";
const SIZES = [100, 500];

type Item = { prediction_id: string; image_index: number };

async function selection(ctx: BenchContext, size: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (await ctx.app(`/api/predictions?limit=200${cursor ? `&cursor=${cursor}` : ""}`)).json()) as {
      items: { id: string; images: string[] }[];
      next_cursor: string | null;
    };
    for (const p of page.items) {
      for (let i = 0; i < p.images.length && items.length < size; i++)
        items.push({ prediction_id: p.id, image_index: i });
    }
    cursor = page.next_cursor;
  } while (cursor && items.length < size);
  return items;
}

async function measure(ctx: BenchContext, items: Item[]): Promise<BenchRow[]> {
  const before = rssMb(ctx.appPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(ctx.appPid));
  }, 25);
  let bytes = 0;
  const { ms } = await timed(async () => {
    const response = await ctx.app("/api/predictions/zip", { json: { items } });
    if (!response.ok || !response.body) throw new Error(`zip: HTTP ${response.status}`);
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  }).finally(() => clearInterval(sampler));
  peak = Math.max(peak, rssMb(ctx.appPid));
  return [
    {
      section: SECTION,
      metric: `ZIP of ${items.length} images, streamed to the end`,
      value: round(ms),
      unit: "ms",
      note: `${round(bytes / 1024 / 1024)} MB`,
    },
    {
      section: SECTION,
      metric: `ZIP of ${items.length}: app server RSS growth (peak − before)`,
      value: round(peak - before),
      unit: "MB",
      note: `${round(before)} → ${round(peak)} MB`,
    },
  ];
}

const section: BenchSection = {
  name: SECTION,
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const size of SIZES) rows.push(...(await measure(ctx, await selection(ctx, size))));
    return rows;
  },
};

export default section;
