import type { MonthStanding } from "@/lib/api-types";

// This month against the budgets: used, the limit and what is left, as a bar and in words.

export function MonthStandingCard({ title, rows, resets }: { title: string; rows: MonthStanding[]; resets: string }) {
  return (
    <section className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4">
      <h3 className="font-semibold">{title}</h3>
      <ul className="space-y-3">
        {rows.map((r) => {
          const share = r.limit ? Math.min(1, r.used / r.limit) : 0;
          const label = r.kind === "shots" ? "Shots" : "Trainings";
          const words =
            r.limit === null ? `${r.used} this month, no limit` : `${r.used} of ${r.limit} this month, ${r.left} left`;
          return (
            <li key={r.kind} className="space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <span className="font-medium">{label}</span>
                <span className="tabular-nums">{words}</span>
              </div>
              {r.limit !== null && (
                <div
                  role="progressbar"
                  aria-label={`${label}: ${words}`}
                  aria-valuemin={0}
                  aria-valuemax={r.limit}
                  aria-valuenow={Math.min(r.used, r.limit)}
                  className="h-2 overflow-hidden rounded-full bg-zinc-200"
                >
                  <div
                    className={`h-full ${share >= 1 ? "bg-red-600" : share >= 0.8 ? "bg-amber-500" : "bg-indigo-600"}`}
                    style={{ width: `${share * 100}%` }}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-zinc-600">Counts start again on {resets} (UTC).</p>
    </section>
  );
}
