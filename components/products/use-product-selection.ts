"use client";

import { useCallback, useMemo, useState } from "react";
import { MAX_LINKED_PRODUCT_IDS, newCampaignHref } from "@/lib/schemas/campaign-params";

/**
 * The Products page's choice of products for a campaign, kept across filter changes and pages.
 * "All matching a filter" keeps the filter too: the campaign form is handed the filter (thousands
 * of ids do not fit an address) for as long as nothing was picked or dropped by hand since.
 */
export function useProductSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState<string | null>(null);
  /** The server's words when the filter matched more than a campaign holds. */
  const [note, setNote] = useState<string | null>(null);
  const toggle = useCallback((id: string, on: boolean) => {
    setFilter(null);
    setNote(null);
    setIds((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const selectMatching = useCallback((matching: readonly string[], matchingFilter: string, capped: string | null) => {
    setIds(new Set(matching));
    setFilter(matchingFilter);
    setNote(capped);
  }, []);
  const clear = useCallback(() => {
    setIds(new Set());
    setFilter(null);
    setNote(null);
  }, []);
  const href = useMemo(() => {
    if (ids.size === 0) return null;
    if (filter !== null) return newCampaignHref({ filter });
    return ids.size <= MAX_LINKED_PRODUCT_IDS ? newCampaignHref({ productIds: [...ids] }) : null;
  }, [ids, filter]);
  return {
    count: ids.size,
    has: (id: string) => ids.has(id),
    byFilter: filter !== null,
    note,
    toggle,
    selectMatching,
    clear,
    href,
  };
}

export type ProductSelection = ReturnType<typeof useProductSelection>;
