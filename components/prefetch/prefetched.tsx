import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { headers } from "next/headers";
import { log } from "@/lib/log";
import type { PrefetchQuery } from "@/lib/studio/first-pages";

/** A page waits at most this long for its first data; past it the browser asks, as before. */
const PREFETCH_TIMEOUT_MS = 3_000;

/**
 * Answers a page's first queries on the server and hands them to react-query in the browser, so
 * the HTML already holds the content and its shots: their images start loading with the page
 * instead of after its scripts and a round of API calls. Asked through the app's own API with the
 * visitor's cookie (the API's in-process caches are the ones the browser's calls would read; a
 * page's server code may not share them). A query that fails here is simply asked by the browser.
 */
export async function Prefetched({ queries, children }: { queries: PrefetchQuery[]; children: React.ReactNode }) {
  const incoming = await headers();
  const host = incoming.get("host");
  const cookie = incoming.get("cookie");
  const client = new QueryClient();
  if (host && cookie) {
    await Promise.all(
      queries.map(async ({ key, path, keep = (body) => body }) => {
        try {
          const response = await fetch(`http://${host}${path}`, {
            headers: { cookie, accept: "application/json" },
            redirect: "error",
            signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          // Handed over as already stale: the browser still asks once on arrival, so what it is
          // told (an error, an empty page) rules as before; this answer lets the first paint show it.
          client.setQueryData(key, keep(await response.json()), { updatedAt: 1 });
        } catch (error) {
          log.warn(
            { err: error instanceof Error ? error.message : String(error), query: key[0] },
            "a page's first data could not be prefetched; the browser asks for it",
          );
        }
      }),
    );
  }
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
