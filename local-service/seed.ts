// CLI: `npx tsx local-service/seed.ts --count 10000 --data-dir ./data/local-service` adds finished
// predictions to a data dir. Run it while the service is stopped (a running one keeps its own copy
// of the state); against a running service use POST /_control/seed instead.
import { parseArgs } from "node:util";
import { seedPredictions } from "./seeding";
import { Store } from "./store";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: "string", default: "1000" }, "data-dir": { type: "string" } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--count must be a positive integer, got "${values.count}"`);
  const dataDir = values["data-dir"] || process.env.LOCAL_SERVICE_DATA_DIR || "./data/local-service";
  const store = await Store.open(dataDir);
  const added = await seedPredictions(store, count);
  await store.flush();
  console.error(`seeded ${added} finished predictions into ${dataDir} (${store.predictions.size} in total)`);
}

main().catch((err: Error) => {
  console.error(`seed failed: ${err.message}`);
  process.exit(1);
});
