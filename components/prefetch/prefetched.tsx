import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { log } from "@/lib/log";
import type { PrefetchQuery } from "@/lib/studio/first-pages";

/**
 * Answers a page's first queries on the server and hands them to react-query in the browser, so
 * the HTML already holds the content and its shots: their images start loading with the page
 * instead of after its scripts and a round of API calls. A query that fails here is simply asked
 * again by the browser, as before.
 */
export async function Prefetched({ queries, children }: { queries: PrefetchQuery[]; children: React.ReactNode }) {
  const client = new QueryClient();
  await Promise.all(
    queries.map(async ({ key, load }) => {
      try {
        // Handed over as already stale: the browser still asks once on arrival, since a server
        // process's copy may lag what the API answers; this answer only lets the first paint show it.
        client.setQueryData(key, await load(), { updatedAt: 1 });
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error), query: key[0] }, "a page's first data could not be prefetched; the browser asks for it");
      }
    }),
  );
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
