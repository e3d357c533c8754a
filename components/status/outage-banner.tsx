"use client";

import { useOutage } from "@/hooks/use-outage";

/** A line across the top while a part is away: what is shown may be out of date, and it comes back by itself. */
export function OutageBanner() {
  const outage = useOutage();
  if (!outage) return null;
  const part = outage.database ? "its database" : outage.service ? "the image service" : "one of its parts";
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      Product Studio cannot reach {part} right now. What you see may be out of date; it catches up by itself once it is
      back.
    </div>
  );
}
