"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditLine, AuditPage } from "@/lib/api-types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

export type { AuditLine };

export interface AuditFilter {
  actor?: string;
  action?: string;
}

/**
 * The activity log's older lines, one page after another ("Show older"), from `after` (the cursor
 * of the page the server drew first). Nothing is asked for until `wanted`.
 */
export function useOlderAuditPages(filter: AuditFilter, after: string | null, wanted: boolean) {
  const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
  return useInfiniteQuery({
    queryKey: queryKeys.audit(`${params}|after=${after ?? ""}`),
    initialPageParam: after,
    enabled: wanted && after !== null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch<AuditPage>(`/api/audit?${query}`, { signal });
    },
    getNextPageParam: (page) => page.next_cursor,
  });
}
