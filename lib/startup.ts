import "server-only";
import { ensureFirstAdmin } from "@/lib/auth/first-admin";
import { closeDb, getDb } from "@/lib/db/client";
import { reconcileJournal } from "@/lib/db/reconcile";
import { env } from "@/lib/env";
import { emailConfigured } from "@/lib/notify/mailer";
import { startWatcher, stopWatcher } from "@/lib/notify/start-watcher";
import { startSpoolSweeps } from "@/lib/uploads";

// Start-up of the server process: the environment is validated once (a clear message naming
// what is missing, then exit), the database opens and migrates, records left in the journal are
// replayed, uploads spooled by an earlier process are removed (then hourly, the stale ones), and
// the first admin is created and told how to sign in.
export async function startup(): Promise<void> {
  let config;
  try {
    config = env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const db = await getDb(); // opening applies the migrations
  const replayed = await reconcileJournal(db);
  if (replayed > 0) console.log(`Registry: ${replayed} record(s) replayed from the journal.`);
  await startSpoolSweeps();
  const admin = await ensureFirstAdmin();
  const where = `http://localhost:${config.PORT}`;
  if (admin.created && admin.password) {
    console.log(
      `\nFirst admin created. Sign in at ${where}/sign-in with\n  email:    ${admin.email}\n  password: ${admin.password}\n` +
        "This password is shown once; keep it (or set ADMIN_PASSWORD before the first start).\n",
    );
  } else if (admin.created) {
    console.log(`\nFirst admin created: sign in at ${where}/sign-in as ${admin.email} with ADMIN_PASSWORD.\n`);
  } else {
    console.log(`Sign in at ${where}/sign-in with your account (first admin: ${admin.email}).`);
  }
  await startWatcher();
  if (!emailConfigured()) console.log("Email is not set up (SMTP_URL): mails the app would send are written to this log.");
  const close = () => void stopWatcher().finally(() => closeDb().finally(() => process.exit(0)));
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
}
