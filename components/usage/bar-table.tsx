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
          {/* The rows' looks are said once, here, not on every cell: the page carries each table
              twice (its HTML and the data React starts from), and phones parse both. */}
          <tbody className="tabular-nums [&_td]:py-1.5 [&_td]:whitespace-nowrap [&_td+td]:text-right [&_th]:truncate [&_th]:py-1.5 [&_th]:pr-2 [&_th]:text-left [&_th]:font-normal [&_tr]:border-t [&_tr]:border-zinc-100">
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" title={r.name}>
                  {r.name}
                </th>
                <td>
                  {/* The number is the flex box's own text; the bar gives way to it in a phone's narrow column. */}
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className={`h-2.5 rounded-sm ${barClass}`}
                      style={{ width: `${r.share * 60}%` }}
                    />
                    {r.value}
                  </span>
                </td>
                <td>{r.last}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
