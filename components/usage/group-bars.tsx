import type { GroupCount } from "@/lib/usage/dimensions";
import { BarTable } from "./bar-table";

/** A "by …" breakdown of the last 90 days: shots as bars, trainings beside them. */
export function GroupBars({ title, rows, what }: { title: string; rows: GroupCount[]; what: string }) {
  const max = Math.max(1, ...rows.map((r) => r.shots));
  return (
    <BarTable
      title={title}
      empty="Nothing in the last 90 days."
      columns={[what, "Shots", "Trainings"]}
      barClass="bg-indigo-600"
      rows={rows.map((r) => ({ key: r.key, name: r.name, share: r.shots / max, value: r.shots, last: r.trainings }))}
    />
  );
}
