import type { GroupCount } from "@/lib/usage/dimensions";

// A "by …" breakdown as a table whose cells carry their own bar: read at a glance on a phone,
// and a plain table to a screen reader (no chart library needed for bars of a few rows).

export function GroupBars({ title, rows, what }: { title: string; rows: GroupCount[]; what: string }) {
  const max = Math.max(1, ...rows.map((r) => r.shots));
  return (
    <section className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600">Nothing in the last 90 days.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="sr-only sm:not-sr-only">
            <tr className="text-left text-xs text-zinc-600">
              <th scope="col" className="w-1/2 pb-1 font-medium">
                {what}
              </th>
              <th scope="col" className="pb-1 font-medium">
                Shots
              </th>
              <th scope="col" className="w-20 pb-1 text-right font-medium">
                Trainings
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-zinc-100">
                <th scope="row" className="truncate py-1.5 pr-2 text-left font-normal" title={r.name}>
                  {r.name}
                </th>
                <td className="py-1.5">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="h-2.5 rounded-sm bg-indigo-600"
                      style={{ width: `${(r.shots / max) * 70}%` }}
                    />
                    <span className="tabular-nums">{r.shots}</span>
                  </span>
                </td>
                <td className="py-1.5 text-right tabular-nums">{r.trainings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
