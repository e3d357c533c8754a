// One watcher per installation: two app instances on one throwaway PostgreSQL, both with the
// watcher on. Exactly one holds the lease and tells people; when it stops (killed, so the lease
// is not handed on), the other takes over within the lease's length, and each event is sent once.
// The lease is 8 s here (30 s by default).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHookReceiver, startMailBox, type HookReceiver, type MailBox } from "../../lib/notify/testing/receivers";
import { postgresAvailable, requirePostgresInCi } from "../support/postgres-cluster";
import { startInstallation, type Installation } from "./installation";
import { call, signIn as signInAs, until, type Instance } from "./instances";
import { makeProduct, startTraining } from "./products";

requirePostgresInCi();

const ADMIN = { email: "admin@watch.test", password: "watcher-admin-password" };

let installation: Installation;
let instances: Instance[];
let mailbox: MailBox;
let hooks: HookReceiver;
const signIn = (instance: Instance) => signInAs(instance, ADMIN);

/** A product made and its training started through `instance`; answers its name. */
async function trainProduct(instance: Instance, cookie: string, name: string): Promise<string> {
  await startTraining(instance, cookie, await makeProduct(instance, cookie, name));
  return name;
}

async function holder(): Promise<string | null> {
  const { rows } = await installation.db.query<{ holder: string }>(
    "SELECT holder FROM leases WHERE name = 'watcher' AND expires_at > now()",
  );
  return rows[0]?.holder ?? null;
}

/** Waits for two more of the watcher's rounds (each renews the lease): time for a second telling, were there one. */
async function twoMoreRounds(): Promise<void> {
  const expiry = async () =>
    (
      await installation.db.query<{ at: Date }>("SELECT expires_at AS at FROM leases WHERE name = 'watcher'")
    ).rows[0]?.at.getTime() ?? 0;
  let last = await expiry();
  for (let renewed = 0; renewed < 2; renewed++) {
    last = await until("the watcher's next round", async () => {
      const now = await expiry();
      return now > last ? now : null;
    });
  }
}

const pidOf = (holderId: string | null) => (holderId ? Number(holderId.split(":")[1]) : null);

describe.skipIf(!postgresAvailable)("one watcher per installation", () => {
  beforeAll(async () => {
    mailbox = await startMailBox();
    hooks = await startHookReceiver();
    installation = await startInstallation({
      name: "watch",
      admin: ADMIN,
      serviceEnv: { LOCAL_SERVICE_LORA_MS: "2000", LOCAL_SERVICE_LORA_LIMIT: "1000" },
      env: {
        SMTP_URL: mailbox.url,
        WATCHER: "on",
        // The test's webhook receiver listens on 127.0.0.1.
        WEBHOOK_ALLOW_LOCALHOST: "on",
        // A short lease, so the takeover after a kill comes within seconds.
        WATCHER_LEASE_MS: "8000",
      },
    });
    instances = installation.instances;
    for (const name of ["a", "b"]) await installation.startInstance(name);
  }, 180_000);

  afterAll(async () => {
    await installation?.stop();
    await Promise.all([mailbox?.close(), hooks?.close()]);
  });

  it("exactly one instance watches, and each finished training is told once", async () => {
    const first = await until("a watcher lease", holder);
    const watching = instances.find((i) => i.pid === pidOf(first));
    expect(watching, `lease holder ${first} is one of the two instances`).toBeDefined();
    const other = instances.find((i) => i !== watching)!;

    // The other instance starts the work: the watcher is not the instance the person used.
    const cookie = await signIn(other);
    const hook = await call(other, "/api/webhooks", {
      cookie,
      json: { url: hooks.url, events: ["training.finished"] },
    });
    expect(hook.status).toBe(201);
    const name = await trainProduct(other, cookie, "Watched lamp");
    await until("the email", () => mailbox.mails.some((m) => m.subject?.includes(name)));
    await until("the webhook call", () => hooks.calls.some((c) => c.body.includes(name)));
    expect(await holder()).toBe(first); // nobody took it over meanwhile
    await twoMoreRounds();
    expect(mailbox.mails.filter((m) => m.subject?.includes(name))).toHaveLength(1);
    expect(hooks.calls.filter((c) => c.body.includes(name))).toHaveLength(1);
  }, 120_000);

  it("the other instance takes over when the watching one stops, and tells what finishes next", async () => {
    const current = await until("a watcher lease", holder);
    const watching = instances.find((i) => i.pid === pidOf(current))!;
    expect(watching).toBeDefined();
    const survivor = instances.find((i) => i !== watching)!;
    await watching.kill(); // no clean shutdown: the lease must run out (8 s) before the other takes it
    const next = await until(
      "the takeover",
      async () => {
        const h = await holder();
        return pidOf(h) === survivor.pid ? h : null;
      },
      700,
    );
    expect(pidOf(next)).toBe(survivor.pid);

    const cookie = await signIn(survivor);
    const name = await trainProduct(survivor, cookie, "Second lamp");
    await until("the email after the takeover", () => mailbox.mails.some((m) => m.subject?.includes(name)));
    await twoMoreRounds();
    expect(mailbox.mails.filter((m) => m.subject?.includes(name))).toHaveLength(1);
    expect(hooks.calls.filter((c) => c.body.includes(name))).toHaveLength(1);
    // Nothing told twice across the takeover.
    expect(mailbox.mails.filter((m) => m.subject?.includes("Watched lamp"))).toHaveLength(1);
  }, 120_000);
});
