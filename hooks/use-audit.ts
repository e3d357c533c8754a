"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
// Type-only import: erased at build time, so the server-only module never reaches the browser.
import type { AuditLine, AuditPage } from "@/lib/audit/list";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export type { AuditLine };

export interface AuditFilter {
  actor?: string;
  action?: string;
}

/** The activity log, newest first, one page after another ("Show older"). */
export function useAuditPages(filter: AuditFilter) {
  const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
  return useInfiniteQuery({
    queryKey: queryKeys.audit(params.toString()),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch<AuditPage>(`/api/audit?${query}`, { signal });
    },
    getNextPageParam: (page) => page.next_cursor,
  });
}
