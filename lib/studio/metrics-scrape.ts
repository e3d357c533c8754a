import "server-only";
import { registerDatabaseGauges } from "@/lib/db/database-gauges";
import { metrics } from "@/lib/metrics/metrics";

/** The whole scrape in Prometheus text: this process's counters, its runtime, the database's gauges. */
export async function scrape(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  registerDatabaseGauges(registry);
  return { body: await registry.metrics(), contentType: registry.contentType };
}
