"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuditPages, type AuditFilter } from "@/hooks/use-audit";
import { ActivityFilters } from "./activity-filters";
import { ActivityLine } from "./activity-line";

/** The Activity page's body: filters, then the lines newest first, and "Show older" for the next page. */
export function ActivityLog() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const pages = useAuditPages(filter);
  const lines = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <ActivityFilters filter={filter} onChange={setFilter} />
      {pages.isPending ? (
        <p role="status" className="text-sm text-zinc-600">Loading activity…</p>
      ) : pages.isError ? (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>The activity could not be loaded: {pages.error.message}</p>
          <Button variant="secondary" onClick={() => void pages.refetch()}>Try again</Button>
        </div>
      ) : lines.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-700">
          Nothing recorded{filter.actor || filter.action ? " for these filters" : " yet"}.
        </p>
      ) : (
        <ul aria-label="Activity" className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
          {lines.map((line) => (
            <ActivityLine key={line.id} line={line} />
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? "Loading…" : "Show older"}
        </Button>
      )}
    </div>
  );
}
