import type { ApprovalRow } from "@/lib/api-types";
import { BarTable } from "./bar-table";

// One "what works" breakdown: approval rate and the images it rests on, most reviewed first; the
// page shows the ten resting on most (a phone reads four tables of ten; the API gives twenty).

// A no-break space keeps "100 %" on one line in a phone's narrow column.
const percent = (rate: number) => `${Math.round(rate * 100)}\u00a0%`;

const SHOWN = 10;

export function ApprovalTable({ title, what, rows }: { title: string; what: string; rows: ApprovalRow[] }) {
  return (
    <BarTable
      title={title}
      empty="No reviewed images yet."
      columns={[what, "Approved", "Images reviewed"]}
      barClass="bg-emerald-600"
      rows={rows.slice(0, SHOWN).map((r) => ({
        key: r.key,
        name: r.name,
        share: r.rate,
        value: percent(r.rate),
        last: r.reviewed,
      }))}
    />
  );
}
