import type { ApprovalRow } from "@/lib/api-types";

// One "what works" breakdown: approval rate and the images it rests on, most reviewed first.

// A no-break space keeps "100 %" on one line in a phone's narrow column.
const percent = (rate: number) => `${Math.round(rate * 100)}\u00a0%`;

export function ApprovalTable({ title, what, rows }: { title: string; what: string; rows: ApprovalRow[] }) {
  return (
    <section className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600">No reviewed images yet.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead>
            <tr className="text-left text-xs text-zinc-600">
              <th scope="col" className="w-1/2 pb-1 font-medium">
                {what}
              </th>
              <th scope="col" className="pb-1 font-medium">
                Approved
              </th>
              <th scope="col" className="w-24 pb-1 text-right font-medium">
                Reviewed
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
                      className="h-2.5 rounded-sm bg-emerald-600"
                      style={{ width: `${r.rate * 60}%` }}
                    />
                    <span className="whitespace-nowrap tabular-nums">{percent(r.rate)}</span>
                  </span>
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {r.reviewed} <span className="sr-only">images</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
