"use client";

import type { UseInfiniteQueryResult, InfiniteData } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A list whose first page the server drew (children), then the older pages an island fetches
 * when the person asks for them (`wanted` turns the query on): the campaigns list and the
 * activity log. `after` is the server page's cursor; null when it was the last.
 */
export function OlderPages<Item>({
  label,
  noun,
  after,
  wanted,
  onWanted,
  pages,
  line,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  /** What failed to load, in words: "Older campaigns". */
  noun: string;
  after: string | null;
  wanted: boolean;
  onWanted: () => void;
  pages: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>, Error>;
  line: (item: Item) => ReactNode;
  children: ReactNode;
}) {
  const older = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = wanted && (pages.isPending || pages.isFetchingNextPage);
  const more = !wanted ? after !== null : pages.hasNextPage;
  return (
    <>
      <ul
        aria-label={label}
        className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white"
      >
        {children}
        {older.map(line)}
      </ul>
      {pages.isError && (
        <div role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {noun} could not be loaded: {pages.error.message}
        </div>
      )}
      {(more || pages.isError) && (
        <Button
          variant="secondary"
          disabled={loading}
          onClick={() => (!wanted ? onWanted() : pages.isError ? void pages.refetch() : void pages.fetchNextPage())}
        >
          {loading ? "Loading…" : pages.isError ? "Try again" : "Show older"}
        </Button>
      )}
    </>
  );
}
