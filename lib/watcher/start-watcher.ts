import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Watcher } from "@/lib/watcher/watcher";

// The process's watcher, started with the server (lib/startup.ts). With WATCHER=off this
// instance never watches; another instance on the same database does.

let watcher: Watcher | null = null;

export async function startWatcher(): Promise<void> {
  const config = env();
  if (config.WATCHER === "off" || watcher) return;
  watcher = new Watcher({
    db: await getDb(),
    callsPerMinute: config.WATCHER_CALLS_PER_MINUTE,
    leaseMs: config.WATCHER_LEASE_MS,
  });
  watcher.start();
}

export async function stopWatcher(): Promise<void> {
  await watcher?.stop();
  watcher = null;
}
