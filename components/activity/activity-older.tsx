"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useOlderAuditPages, type AuditFilter } from "@/hooks/use-audit";
import { ActivityLine } from "./activity-line";

/**
 * The log's list: the lines the server drew (children), then the older pages this island fetches
 * when the person asks for them.
 */
export function ActivityOlder({ filter, after, children }: { filter: AuditFilter; after: string | null; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const pages = useOlderAuditPages(filter, after, wanted);
  const older = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = wanted && (pages.isPending || pages.isFetchingNextPage);
  const more = !wanted ? after !== null : pages.hasNextPage;
  return (
    <>
      <ul aria-label="Activity" className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
        {children}
        {older.map((line) => (
          <ActivityLine key={line.id} line={line} />
        ))}
      </ul>
      {pages.isError && (
        <div role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          Older activity could not be loaded: {pages.error.message}
        </div>
      )}
      {(more || pages.isError) && (
        <Button
          variant="secondary"
          disabled={loading}
          onClick={() => (!wanted ? setWanted(true) : pages.isError ? void pages.refetch() : void pages.fetchNextPage())}
        >
          {loading ? "Loading…" : pages.isError ? "Try again" : "Show older"}
        </Button>
      )}
    </>
  );
}
