// `npm run restore FILE [DATA_DIR]`: brings a backup (`npm run backup`) back into a new, empty
// DATA_DIR (the argument, else DATA_DIR from the environment or .env, else ./data); a folder
// that holds anything is refused. Start the app on that folder afterwards.
import path from "node:path";
import { RestoreRefused, restoreBackup } from "../lib/backup/restore";
import { loadDotEnv } from "./dot-env";

const root = path.resolve(__dirname, "..");

async function main() {
  loadDotEnv(root);
  const [file, target] = process.argv.slice(2);
  if (!file) {
    console.error("Usage: npm run restore FILE [DATA_DIR]");
    process.exit(2);
  }
  const dataDir = path.resolve(target ?? path.resolve(root, process.env.DATA_DIR ?? "./data"));
  const restored = await restoreBackup(path.resolve(file), dataDir);
  console.log(
    `Restored the backup of ${restored.createdAt} into ${dataDir} (database${restored.files.map((f) => `, ${f}`).join("")}).\n` +
      `Start the app with DATA_DIR=${dataDir}.`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `Restore ${error instanceof RestoreRefused ? "refused" : "failed"}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
