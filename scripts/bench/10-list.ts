// The paged and filtered prediction list, served from the gallery's index in the database.
import { medianMs, round, timed, type BenchContext, type BenchRow, type BenchSection } from "./context";

const SECTION = "list";

async function jsonOf(ctx: BenchContext, path: string): Promise<unknown> {
  const response = await ctx.app(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

const section: BenchSection = {
  name: SECTION,
  sizes: [10_000, 100_000],
  async run(ctx) {
    const rows: BenchRow[] = [];
    const first = await timed(() => jsonOf(ctx, "/api/predictions?limit=60") as Promise<{ total: number }>);
    rows.push({
      section: SECTION,
      metric: "paged first page (60), first call",
      value: round(first.ms),
      unit: "ms",
      note: `total ${first.value.total}`,
    });
    rows.push({
      section: SECTION,
      metric: "paged first page (60), warm (median of 10)",
      value: round(await medianMs(10, () => jsonOf(ctx, "/api/predictions?limit=60"))),
      unit: "ms",
    });

    // A page deep in the list: the keyset cursor is found by binary search, not by walking.
    let cursor: string | null = null;
    for (let i = 0; i < 80 && (i === 0 || cursor); i++) {
      const page = (await jsonOf(ctx, `/api/predictions?limit=100${cursor ? `&cursor=${cursor}` : ""}`)) as {
        next_cursor: string | null;
      };
      cursor = page.next_cursor;
    }
    if (cursor) {
      const deep = `/api/predictions?limit=60&cursor=${cursor}`;
      rows.push({
        section: SECTION,
        metric: "page after item 8,000 (median of 10)",
        value: round(await medianMs(10, () => jsonOf(ctx, deep))),
        unit: "ms",
      });
    }

    const q = `/api/predictions?limit=60&q=${encodeURIComponent("bottle beach")}`;
    const qTotal = ((await jsonOf(ctx, q)) as { total: number }).total;
    rows.push({
      section: SECTION,
      metric: "filtered page: q (median of 10)",
      value: round(await medianMs(10, () => jsonOf(ctx, q))),
      unit: "ms",
      note: `total ${qTotal}`,
    });
    const qRatio = `${q}&aspect_ratio=${encodeURIComponent("16:9,1:1")}&sort=oldest`;
    const qRatioTotal = ((await jsonOf(ctx, qRatio)) as { total: number }).total;
    rows.push({
      section: SECTION,
      metric: "filtered page: q + ratio + oldest (median of 10)",
      value: round(await medianMs(10, () => jsonOf(ctx, qRatio))),
      unit: "ms",
      note: `total ${qRatioTotal} (seeded ratios unknown to the app)`,
    });
    return rows;
  },
};

export default section;
