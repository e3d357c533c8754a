import "server-only";
import webpush from "web-push";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";

// The installation's VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise one
// made at the first start and kept in the database (migration 0210), as the session secret is made
// once and kept. Every instance reads the same row; the first to insert wins a race. The private
// key is never logged nor answered: only the public one leaves this module's callers.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let kept: Omit<VapidKeys, "subject"> | undefined;

export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const config = env();
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config.APP_URL, config.MAIL_FROM);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  kept ??= await keptPair(db);
  return { ...kept, subject };
}

/** Test hook: forget the pair read from the database (each test database makes its own). */
export function resetVapidKeysForTests(): void {
  kept = undefined;
}

async function keptPair(db: Db): Promise<Omit<VapidKeys, "subject">> {
  const made = webpush.generateVAPIDKeys();
  await db.query("INSERT INTO push_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING", [
    made.publicKey,
    made.privateKey,
  ]);
  const [row] = await db.query<{ public_key: string; private_key: string }>(
    "SELECT public_key, private_key FROM push_keys WHERE id = 1",
  );
  return { publicKey: row.public_key, privateKey: row.private_key };
}

// Push services may write to the subject about the installation: the app's public https address,
// or else the address emails come from.
function defaultSubject(appUrl: string | undefined, mailFrom: string): string {
  if (appUrl && new URL(appUrl).protocol === "https:") return new URL(appUrl).origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
