"use client";

import { useState } from "react";
import type { DayCount } from "@/lib/usage/dimensions";

/**
 * Every number of the daily chart, newest first; days with nothing are left out and said so. The
 * rows are made when the person opens them: closed, they are hidden from everyone (screen readers
 * too), and 90 rows built with the page would only lengthen the phone's start.
 */
export function DayTable({ days }: { days: DayCount[] }) {
  const [open, setOpen] = useState(false);
  const active = open ? days.filter((d) => d.shots + d.trainings > 0).reverse() : [];
  return (
    <details className="text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-zinc-800">The numbers, day by day</summary>
      {open &&
        (active.length === 0 ? (
          <p className="mt-2 text-zinc-600">No shots or trainings in the last 90 days.</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">Shots and trainings per day (UTC); days not listed had none</caption>
            <thead>
              <tr className="text-xs text-zinc-600">
                <th scope="col" className="font-medium">
                  Day (UTC)
                </th>
                <th scope="col" className="text-right font-medium">
                  Shots
                </th>
                <th scope="col" className="text-right font-medium">
                  Trainings
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {active.map((d) => (
                <tr key={d.day} className="border-t border-zinc-100">
                  <th scope="row" className="py-1 font-normal">
                    {d.day}
                  </th>
                  <td className="py-1 text-right">{d.shots}</td>
                  <td className="py-1 text-right">{d.trainings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <p className="mt-1 text-xs text-zinc-600">Days not listed had none.</p>
    </details>
  );
}
