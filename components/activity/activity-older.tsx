"use client";

import { useState, type ReactNode } from "react";
import { OlderPages } from "@/components/ui/older-pages";
import { useOlderAuditPages, type AuditFilter } from "@/hooks/use-audit";
import { ActivityLine } from "./activity-line";

/** The activity log's lines: those the server drew (children), then older pages when asked for. */
export function ActivityOlder({
  filter,
  after,
  children,
}: {
  filter: AuditFilter;
  after: string | null;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const pages = useOlderAuditPages(filter, after, wanted);
  return (
    <OlderPages
      label="Activity"
      noun="Older activity"
      after={after}
      wanted={wanted}
      onWanted={() => setWanted(true)}
      pages={pages}
      line={(item) => <ActivityLine key={item.id} line={item} />}
    >
      {children}
    </OlderPages>
  );
}
