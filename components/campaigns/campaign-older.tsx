"use client";

import { useState, type ReactNode } from "react";
import { OlderPages } from "@/components/ui/older-pages";
import { useCampaigns } from "@/hooks/use-campaigns";
import { CampaignLine } from "./campaign-line";

/** The campaigns list's lines: those the server drew (children), then older pages when asked for. */
export function CampaignOlder({ after, children }: { after: string | null; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const pages = useCampaigns(after, wanted);
  return (
    <OlderPages
      label="Campaigns"
      noun="Older campaigns"
      after={after}
      wanted={wanted}
      onWanted={() => setWanted(true)}
      pages={pages}
      line={(campaign) => <CampaignLine key={campaign.id} campaign={campaign} />}
    >
      {children}
    </OlderPages>
  );
}
