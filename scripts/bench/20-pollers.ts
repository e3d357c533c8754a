// Many people watching one prediction: 50 concurrent pollers, 3 rounds, and what the service saw.
import { round, timed, type BenchRow, type BenchSection } from "./context";

const SECTION = "pollers";
const POLLERS = 50;
const ROUNDS = 3;

const section: BenchSection = {
  name: SECTION,
  async run(ctx) {
    const page = (await (await ctx.app("/api/predictions?limit=1")).json()) as { items: { id: string }[] };
    const id = page.items[0].id;
    await ctx.control("/calls", { method: "DELETE" });
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { ms } = await timed(() =>
        Promise.all(
          Array.from({ length: POLLERS }, async () => (await ctx.app(`/api/predictions/${id}`)).arrayBuffer()),
        ),
      );
      times.push(ms);
      await new Promise((r) => setTimeout(r, 400));
    }
    const calls = ((await ctx.control("/calls")) as { calls: Record<string, number> }).calls;
    const single = Object.entries(calls)
      .filter(([key]) => key.endsWith(`/prediction/${id}`))
      .reduce((n, [, c]) => n + c, 0);
    const rows: BenchRow[] = [
      {
        section: SECTION,
        metric: `${POLLERS} concurrent polls × ${ROUNDS}: service calls for that prediction`,
        value: single,
        unit: "calls",
        note: `${POLLERS * ROUNDS} app requests`,
      },
      {
        section: SECTION,
        metric: `${POLLERS} concurrent polls, slowest round`,
        value: round(Math.max(...times)),
        unit: "ms",
      },
    ];
    return rows;
  },
};

export default section;
