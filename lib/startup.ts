import "server-only";
import { ensureFirstAdmin } from "@/lib/auth/first-admin";
import { startBackupSocket, stopBackupSocket } from "@/lib/backup/backup-socket";
import { closeDb, getDb } from "@/lib/db/client";
import { mendImageAddresses } from "@/lib/db/image-addresses";
import { reconcileJournal } from "@/lib/db/reconcile";
import { env } from "@/lib/env";
import { emailConfigured } from "@/lib/notify/mailer";
import { vapidKeys } from "@/lib/notify/push-keys";
import { startWatcher, stopWatcher } from "@/lib/watcher/start-watcher";
import { startShotEngine, stopShotEngine } from "@/lib/campaigns/start-engine";
import { startSpoolSweeps } from "@/lib/uploads";
import { log } from "@/lib/log";
import { closeServers } from "@/lib/close-servers";
import { drain } from "@/lib/shutdown";
import { stopLiveEvents } from "@/lib/events/hub";
import { warmUp } from "@/lib/warm-up";
import { makeFolderPrivate } from "@/lib/private-files";
import { startSharpHost } from "@/lib/images/sharp-host";

// Start-up of the server process: the environment is validated once (a clear message naming
// what is missing, then exit), `npm run backup`'s socket listens (lib/backup), the database opens
// and migrates, records left in the journal are replayed, image addresses from an earlier asset
// origin become asset keys (lib/db/image-addresses.ts), uploads spooled by an earlier process
// are removed (then hourly, the stale ones), the first admin is created and told how to sign in,
// and the first pages are warmed (lib/warm-up.ts).
export async function startup(): Promise<void> {
  let config;
  try {
    config = env();
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Everything in DATA_DIR is this app's alone (lib/private-files.ts): 0700 at every start.
  makeFolderPrivate(config.DATA_DIR);
  // The image processes' host, started while the server is small: forking later, from a large
  // server, would hold its requests (lib/images/sharp-host.ts).
  await startSharpHost().catch((error: unknown) =>
    log.warn(
      { err: error },
      "the image processes' host could not be started; it is tried again when an image is processed",
    ),
  );
  // Listening before the database opens: `npm run backup` never finds it open and unanswered.
  await startBackupSocket().catch((error: unknown) =>
    log.warn({ err: error }, "the backup socket could not be opened"),
  );
  const db = await getDb(); // opening applies the migrations
  const replayed = await reconcileJournal(db);
  if (replayed > 0) log.info({ replayed }, "registry records replayed from the journal");
  // Images kept by the address they were first served from become asset keys, before any page reads them.
  const mended = await mendImageAddresses(db).catch((error: unknown) => {
    log.error({ err: error }, "image addresses could not be mended; images from an earlier asset address may not show");
    return null;
  });
  if (mended && mended.predictions + mended.products > 0) log.info(mended, "image addresses kept by asset key");
  if (mended && mended.left > 0)
    log.warn(
      { left: mended.left },
      "image addresses off today's asset path were left as they were; the service's list will renew them",
    );
  await startSpoolSweeps();
  // The devices' push key pair is made now, once, when none is set or kept (lib/notify/push-keys.ts).
  await vapidKeys(db).catch((error: unknown) =>
    log.warn({ err: error }, "the push key pair could not be read; it is tried again at the first push"),
  );
  const admin = await ensureFirstAdmin();
  const where = `http://localhost:${config.PORT}`;
  if (admin.created && admin.password) {
    // Said to the person starting the app, on the terminal, once: not a log line (it holds the
    // password), so it bypasses the logger and never reaches a log collector's JSON stream.
    process.stderr.write(
      `\nFirst admin created. Sign in at ${where}/sign-in with\n  email:    ${admin.email}\n  password: ${admin.password}\n` +
        "This password is shown once; keep it (or set ADMIN_PASSWORD before the first start).\n\n",
    );
  } else if (admin.created) {
    log.info({ email: admin.email, signIn: `${where}/sign-in` }, "first admin created; sign in with ADMIN_PASSWORD");
  } else {
    log.info({ signIn: `${where}/sign-in`, firstAdmin: admin.email }, "ready");
  }
  await warmUp();
  await startWatcher();
  await startShotEngine();
  if (!emailConfigured())
    log.info("email is not set up (SMTP_URL): each mail the app would send is written to this log instead");
  // Next's own handlers would exit at once, cutting the requests under way; these take their place.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void shutDown(signal, config.SHUTDOWN_GRACE_MS));
  }
}

/**
 * Stops taking requests and finishes those under way (lib/shutdown.ts), meanwhile stops the shot
 * engine (its creates on their way are answered and recorded) and hands the watcher's lease on,
 * then closes the database and exits.
 */
async function shutDown(signal: string, graceMs: number): Promise<void> {
  log.info({ signal, graceMs }, "shutting down: finishing the requests under way");
  // Live-update streams never end by themselves: they are closed first (their pages reconnect to
  // another instance), so the requests drained are the ones that do end.
  const streamsClosed = stopLiveEvents().catch(() => undefined);
  const [drained] = await Promise.all([
    drain(graceMs),
    streamsClosed,
    stopWatcher().catch(() => undefined),
    stopShotEngine().catch(() => undefined),
    stopBackupSocket().catch(() => undefined),
  ]);
  if (drained.left > 0) log.warn({ left: drained.left }, "requests still under way when the grace time ran out");
  await closeDb().catch(() => undefined);
  // Connections kept alive by clients are closed by the server once idle for its keep-alive time
  // (5 s); meanwhile every answer says `connection: close`. Then the port closes, and the
  // connections still open end, before the exit: nothing a client is sending on is reset.
  await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_LINGER_MS));
  await closeServers(2_000);
  log.info("stopped");
  process.exit(0);
}

const KEEP_ALIVE_LINGER_MS = 6_000;
