import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import webpush from "web-push";
import { env as readEnv, resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { announceCampaignFinished, announceDigest, announceTrainingFinished } from "./announce";
import { OUTSIDE_PRODUCT } from "@/lib/words/product-name";
import { campaignFinished, reviewDigest, trainingFinished, type Message } from "./messages";
import { deliverDue } from "./outbox";
import { resetVapidKeysForTests, vapidKeys } from "./push-keys";
import { DEVICES_PER_PERSON, removeSubscription, saveSubscription } from "./push-subscriptions";
import { saveSettings } from "./settings";
import { startPushService, type PushService } from "./testing/push-service";

// Pushes reach a real push service stand-in on a real port, encrypted to the device's keys and
// signed with the installation's VAPID key; the stand-in decrypts them as the device would.

describe("pushes to people's devices", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  let push: PushService;
  let editor: { id: string; email: string; role: "editor" };
  // The test's own clock: every time the outbox and the announcements read comes from it.
  let now = new Date("2031-03-02T10:00:00Z");
  const later = () => (now = new Date(now.getTime() + 60_000));

  beforeAll(async () => {
    push = await startPushService();
    env = useTestEnv({ WEBHOOK_ALLOW_LOCALHOST: "on", NOTIFY_RETRY_SCALE: "1" });
    resetVapidKeysForTests();
    db = await useMemoryDb();
    const made = await createUser({ email: "ed@studio.test", password: "editor-password-long", role: "editor" });
    editor = { id: made.id, email: "ed@studio.test", role: "editor" };
  });
  afterEach(() => {
    push.answer = 201;
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await db.close();
    resetVapidKeysForTests();
    await push.close();
    env.cleanup();
  });

  // What the device must show: the bell's words of the event and the page it opens.
  const asPush = (message: Message) => ({ title: message.title, body: message.line, url: message.path });

  const pushRows = () =>
    db.query<{ delivered_at: Date | null; attempts: number }>(
      "SELECT delivered_at, attempts FROM deliveries WHERE channel = 'push' ORDER BY id",
    );

  it("sends a finished training to each of the person's devices, encrypted, and it decrypts to the event", async () => {
    const phone = push.device();
    const laptop = push.device();
    await saveSubscription(db, editor.id, phone.subscription, "Safari on iPhone");
    await saveSubscription(db, editor.id, laptop.subscription, "Chrome on Mac");
    await announceTrainingFinished(
      db,
      {
        kind: "lora",
        resourceId: "lora_1",
        productId: "prd_bottle",
        userId: editor.id,
        batchId: null,
        startedAt: new Date("2031-03-02T09:30:00Z"),
        checks: 3,
      },
      now,
    );
    expect(await deliverDue(db, now)).toBeGreaterThanOrEqual(2);
    const event = asPush(trainingFinished({ id: "prd_bottle", name: OUTSIDE_PRODUCT }));
    expect(event.url).toBe("/products/prd_bottle");
    expect(phone.received).toEqual([event]);
    expect(laptop.received).toEqual([event]);
    expect(push.refused).toEqual([]);
    // Signed with the installation's kept key pair, which is made once and read back the same.
    const keys = await vapidKeys(db);
    expect(phone.signers).toEqual([keys.publicKey]);
    resetVapidKeysForTests();
    expect((await vapidKeys(db)).publicKey).toBe(keys.publicKey);
    const [device] = await db.query<{ last_success_at: Date | null }>(
      "SELECT last_success_at FROM push_subscriptions WHERE endpoint = $1",
      [phone.subscription.endpoint],
    );
    expect(new Date(device.last_success_at!).toISOString()).toBe(now.toISOString());
    await removeSubscription(db, editor.id, laptop.subscription.endpoint);
  });

  it("sends a finished campaign and the daily digest with the page each opens", async () => {
    const phone = push.device();
    await saveSubscription(db, editor.id, phone.subscription, null);
    await announceCampaignFinished(
      db,
      { id: "cmp_spring", name: "Spring", createdBy: editor.id },
      { total: 4, done: 4, failed: 0, cancelled: 0 },
      later(),
    );
    await saveSettings(db, editor.id, {
      email_training: true,
      email_shots: true,
      email_digest: true,
      digest_hour: 9,
      time_zone: "UTC",
    });
    await announceDigest(db, editor, "2031-03-02", 3, now);
    await deliverDue(db, now);
    expect(phone.received).toEqual([
      asPush(campaignFinished({ id: "cmp_spring", name: "Spring" }, { total: 4, done: 4, failed: 0 })),
      asPush(reviewDigest(3)),
    ]);
    expect(phone.received[1]).toMatchObject({ url: "/review", body: expect.stringContaining("3 images") });
  });

  it("sends nothing to the devices of a person who turned that email off", async () => {
    const phone = push.device();
    await saveSubscription(db, editor.id, phone.subscription, null);
    await saveSettings(db, editor.id, {
      email_training: false,
      email_shots: false,
      email_digest: false,
      digest_hour: 9,
      time_zone: "UTC",
    });
    const before = (await pushRows()).length;
    await announceTrainingFinished(
      db,
      {
        kind: "lora",
        resourceId: "lora_2",
        productId: "prd_mug",
        userId: editor.id,
        batchId: null,
        startedAt: new Date("2031-03-02T10:00:00Z"),
        checks: 1,
      },
      later(),
    );
    await announceCampaignFinished(
      db,
      { id: "cmp_quiet", name: "Quiet", createdBy: editor.id },
      { total: 1, done: 1, failed: 0, cancelled: 0 },
      now,
    );
    await deliverDue(db, now);
    expect((await pushRows()).length).toBe(before);
    expect(phone.received).toEqual([]);
    await saveSettings(db, editor.id, {
      email_training: true,
      email_shots: true,
      email_digest: false,
      digest_hour: 9,
      time_zone: "UTC",
    });
  });

  it("removes a device the push service says is gone (410), and logs no endpoint or key", async () => {
    await db.query("DELETE FROM push_subscriptions");
    const phone = push.device();
    await saveSubscription(db, editor.id, phone.subscription, null);
    push.answer = 410;
    await announceCampaignFinished(
      db,
      { id: "cmp_gone", name: "Gone", createdBy: editor.id },
      { total: 1, done: 1, failed: 0, cancelled: 0 },
      later(),
    );
    const lines = captureStdout();
    await deliverDue(db, now);
    expect(await db.query("SELECT id FROM push_subscriptions")).toEqual([]);
    // Its queued push went with it: nothing is retried.
    expect(await pushRows()).toHaveLength(0);
    push.answer = 201;
    await announceCampaignFinished(
      db,
      { id: "cmp_after", name: "After", createdBy: editor.id },
      { total: 1, done: 1, failed: 0, cancelled: 0 },
      later(),
    );
    await deliverDue(db, now);
    expect(phone.received).toEqual([]);
    const keys = await vapidKeys(db);
    const out = lines.join("");
    expect(out).toContain("the push service no longer knows the device");
    for (const secret of [new URL(phone.subscription.endpoint).pathname, phone.subscription.keys.auth, keys.privateKey])
      expect(out).not.toContain(secret);
  });

  it("retries a push the service failed (500) and logs the failure without the endpoint", async () => {
    const phone = push.device();
    await saveSubscription(db, editor.id, phone.subscription, null);
    push.answer = 500;
    await announceCampaignFinished(
      db,
      { id: "cmp_retry", name: "Retry", createdBy: editor.id },
      { total: 1, done: 1, failed: 0, cancelled: 0 },
      later(),
    );
    const lines = captureStdout();
    await deliverDue(db, now);
    expect(phone.received).toEqual([]);
    expect((await pushRows()).at(-1)).toMatchObject({ delivered_at: null, attempts: 1 });
    const out = lines.join("");
    expect(out).toContain("HTTP 500");
    expect(out).not.toContain(new URL(phone.subscription.endpoint).pathname);
    push.answer = 201;
    // Tried again after the first back-off step (5 s).
    await deliverDue(db, new Date(now.getTime() + 5_000));
    expect(phone.received).toEqual([expect.objectContaining({ url: "/campaigns/cmp_retry" })]);
    const rows = await pushRows();
    expect(rows.at(-1)).toMatchObject({ attempts: 2 });
  });

  it("signs with VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, and refuses to start with one alone", async () => {
    const own = webpush.generateVAPIDKeys();
    const kept = await vapidKeys(db);
    const set = (values: Record<string, string | undefined>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvForTests();
    };
    try {
      set({ VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: undefined });
      expect(() => readEnv()).toThrow(/set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither/);
      set({ VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: "not-a-key" });
      expect(() => readEnv()).toThrow(/VAPID_PRIVATE_KEY must be 32 bytes long/);
      set({ VAPID_PRIVATE_KEY: own.privateKey, VAPID_SUBJECT: "mailto:ops@studio.test" });
      const phone = push.device();
      await saveSubscription(db, editor.id, phone.subscription, null);
      await announceCampaignFinished(
        db,
        { id: "cmp_own_key", name: "Own key", createdBy: editor.id },
        { total: 1, done: 1, failed: 0, cancelled: 0 },
        later(),
      );
      await deliverDue(db, now);
      expect(phone.received).toHaveLength(1);
      expect(phone.signers).toEqual([own.publicKey]);
      expect(own.publicKey).not.toBe(kept.publicKey);
    } finally {
      set({ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined });
    }
    expect((await vapidKeys(db)).publicKey).toBe(kept.publicKey);
  });

  it("takes only public https push services (http only to this machine, and only where allowed)", async () => {
    const keys = push.device().subscription.keys;
    const refused = (endpoint: string) => saveSubscription(db, editor.id, { endpoint, keys }, null);
    for (const endpoint of [
      "http://push.example.com/send/1",
      "https://10.0.0.7/send/1",
      "https://169.254.169.254/latest",
      "https://user:pw@push.example.com/x",
      "ftp://push.example.com/x",
    ]) {
      await expect(refused(endpoint)).rejects.toThrow(AppError);
    }
    await saveSubscription(db, editor.id, { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys }, null);
    process.env.WEBHOOK_ALLOW_LOCALHOST = "off";
    resetEnvForTests();
    try {
      await expect(refused(`${push.origin}/push/local`)).rejects.toThrow(/public https/);
    } finally {
      process.env.WEBHOOK_ALLOW_LOCALHOST = "on";
      resetEnvForTests();
    }
  });

  it("keeps a person's newest devices only, and gives a device to whoever turned it on last", async () => {
    await db.query("DELETE FROM push_subscriptions");
    const devices = Array.from({ length: DEVICES_PER_PERSON + 2 }, () => push.device());
    for (const device of devices) await saveSubscription(db, editor.id, device.subscription, null);
    const kept = await db.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions");
    expect(kept).toHaveLength(DEVICES_PER_PERSON);
    expect(kept.map((k) => k.endpoint)).not.toContain(devices[0].subscription.endpoint);
    const other = await createUser({ email: "pm@studio.test", password: "reviewer-password-long", role: "reviewer" });
    const shared = devices.at(-1)!;
    await saveSubscription(db, other.id, shared.subscription, null);
    const [row] = await db.query<{ user_id: string }>("SELECT user_id FROM push_subscriptions WHERE endpoint = $1", [
      shared.subscription.endpoint,
    ]);
    expect(row.user_id).toBe(other.id);
    // Someone else's device is not theirs to remove.
    await removeSubscription(db, editor.id, shared.subscription.endpoint);
    expect(
      await db.query("SELECT id FROM push_subscriptions WHERE endpoint = $1", [shared.subscription.endpoint]),
    ).toHaveLength(1);
  });
});

function captureStdout(): string[] {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  });
  return lines;
}
