// Thumbnails: one made from the original, the same from disk, and a grid's first page of 60.
import { medianMs, round, timed, type BenchRow, type BenchSection } from "./context";

const SECTION = "thumbs";

const section: BenchSection = {
  name: SECTION,
  async run(ctx) {
    const page = (await (await ctx.app("/api/predictions?limit=60&sort=oldest")).json()) as {
      items: { images: string[] }[];
    };
    const thumb = (src: string, w = 480) => ctx.app(`/api/images/thumb?src=${encodeURIComponent(src)}&w=${w}`);
    const read = async (src: string, w?: number) => {
      const response = await thumb(src, w);
      if (!response.ok) throw new Error(`thumb: HTTP ${response.status}`);
      return { cache: response.headers.get("x-thumb-cache"), bytes: (await response.arrayBuffer()).byteLength };
    };
    // Seeded predictions share a few image files: take distinct URLs so every thumb is new.
    const urls = [...new Set(page.items.flatMap((p) => p.images))];
    const [first, ...rest] = urls;
    const original = (await (await fetch(first)).arrayBuffer()).byteLength;
    const made = await timed(() => read(first));
    const rows: BenchRow[] = [
      {
        section: SECTION,
        metric: "thumb 480 w, first (fetch + resize)",
        value: round(made.ms),
        unit: "ms",
        note: `${made.value.cache}; ${round(made.value.bytes / 1024)} KB from ${round(original / 1024)} KB`,
      },
      {
        section: SECTION,
        metric: "thumb 480 w, cached (median of 10)",
        value: round(await medianMs(10, () => read(first))),
        unit: "ms",
      },
    ];
    const grid = rest.slice(0, 60).map((src) => src);
    const widths = [240, 960] as const;
    for (const w of widths) {
      const { ms } = await timed(() => Promise.all(grid.map((src) => read(src, w))));
      rows.push({
        section: SECTION,
        metric: `${grid.length} distinct new thumbs ${w} w at once`,
        value: round(ms),
        unit: "ms",
        note: "all misses; sharp 2 at a time",
      });
    }
    return rows;
  },
};

export default section;
