import type { ReactNode } from "react";

// A breakdown as a table whose cells carry their own bar: read at a glance on a phone, and a plain
// table to a screen reader (no chart library needed for bars of a few rows). The usage page's
// "by …" counts and its approval rates are both drawn by it.

export interface BarRow {
  key: string;
  name: string;
  /** The bar's length, 0…1 of the widest bar. */
  share: number;
  /** The bar's number, beside it. */
  value: ReactNode;
  /** The last column. */
  last: ReactNode;
}

export function BarTable({
  title,
  empty,
  columns,
  rows,
  barClass,
}: {
  title: string;
  /** Said instead of the table when there is no row. */
  empty: string;
  /** The row's name, the bar's and the last column's headings. */
  columns: [string, string, string];
  rows: BarRow[];
  /** The bar's colour. */
  barClass: string;
}) {
  return (
    <section className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600">{empty}</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead>
            <tr className="text-left text-xs text-zinc-600">
              <th scope="col" className="w-1/2 pb-1 font-medium">
                {columns[0]}
              </th>
              <th scope="col" className="pb-1 font-medium">
                {columns[1]}
              </th>
              <th scope="col" className="w-24 pb-1 text-right font-medium">
                {columns[2]}
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
                  {/* The number is the flex box's own text: one element fewer in every row. */}
                  <span className="flex items-center gap-2 whitespace-nowrap tabular-nums">
                    <span
                      aria-hidden="true"
                      className={`h-2.5 rounded-sm ${barClass}`}
                      style={{ width: `${r.share * 60}%` }}
                    />
                    {r.value}
                  </span>
                </td>
                <td className="py-1.5 text-right tabular-nums">{r.last}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
