"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useCampaigns } from "@/hooks/use-campaigns";
import { CampaignLine } from "./campaign-line";

/**
 * The list's lines: those the server drew (children), then the older pages this island fetches
 * when the person asks for them.
 */
export function CampaignOlder({ after, children }: { after: string | null; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const pages = useCampaigns(after, wanted);
  const older = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = wanted && (pages.isPending || pages.isFetchingNextPage);
  const more = !wanted ? after !== null : pages.hasNextPage;
  return (
    <>
      <ul aria-label="Campaigns" className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
        {children}
        {older.map((campaign) => (
          <CampaignLine key={campaign.id} campaign={campaign} />
        ))}
      </ul>
      {pages.isError && (
        <div role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          Older campaigns could not be loaded: {pages.error.message}
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
