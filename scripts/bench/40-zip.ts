// A ZIP of 100 images, streamed: how long, and how much the app server's memory grows meanwhile.
import { round, rssMb, timed, type BenchRow, type BenchSection } from "./context";

const SECTION = "zip";
const IMAGES = 100;

const section: BenchSection = {
  name: SECTION,
  async run(ctx) {
    const page = (await (await ctx.app("/api/predictions?limit=200")).json()) as { items: { id: string; images: string[] }[] };
    const items: { prediction_id: string; image_index: number }[] = [];
    for (const p of page.items) {
      for (let i = 0; i < p.images.length && items.length < IMAGES; i++) items.push({ prediction_id: p.id, image_index: i });
    }
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
    });
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(ctx.appPid));
    const rows: BenchRow[] = [
      { section: SECTION, metric: `ZIP of ${items.length} images, streamed to the end`, value: round(ms), unit: "ms", note: `${round(bytes / 1024 / 1024)} MB` },
      { section: SECTION, metric: "app server RSS growth while streaming (peak − before)", value: round(peak - before), unit: "MB", note: `${round(before)} → ${round(peak)} MB` },
    ];
    return rows;
  },
};

export default section;
