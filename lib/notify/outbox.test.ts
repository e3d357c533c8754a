import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { resetMailerForTests } from "./mailer";
import { deliverDue, queueWebhook } from "./outbox";
import { localClock } from "@/lib/format";
import { sendDigests } from "@/lib/watcher/digest";
import { saveSettings } from "./settings";
import { startHookReceiver, startMailBox, type HookReceiver, type MailBox } from "./testing/receivers";
import { createWebhook, FAILURES_BEFORE_OFF, listWebhooks } from "./webhooks";

describe("outbox and digest", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  let hooks: HookReceiver;
  let mailbox: MailBox;
  let adminId: string;

  beforeAll(async () => {
    hooks = await startHookReceiver();
    mailbox = await startMailBox();
    env = useTestEnv({ SMTP_URL: mailbox.url, NOTIFY_RETRY_SCALE: "1", WEBHOOK_ALLOW_LOCALHOST: "on" });
    resetMailerForTests();
    db = await useMemoryDb();
    adminId = (await createUser({ email: "admin@studio.test", password: "admin-password-long", role: "admin" })).id;
  });
  afterAll(async () => {
    await db.close();
    resetMailerForTests();
    await Promise.all([hooks.close(), mailbox.close()]);
    env.cleanup();
  });

  it("retries a failing webhook with growing delays and turns it off after repeated failures", async () => {
    const { webhook } = await createWebhook(db, { url: hooks.url, events: ["shots.ready"] }, adminId);
    hooks.answer = 500;
    // The test's own clock, far from the real one: every time the outbox reads comes from it.
    let now = new Date("2031-06-01T12:00:00Z");
    const delays: number[] = [];
    for (let n = 0; n < FAILURES_BEFORE_OFF; n++) {
      await queueWebhook(db, webhook.id, `e${n}`, { event: "shots.ready", body: { n } }, now);
    }
    // Each round sends what is due; a failed call waits longer before its next try.
    for (let round = 0; round < 6; round++) {
      await deliverDue(db, now);
      const [next] = await db.query<{ next_attempt_at: Date }>(
        "SELECT next_attempt_at FROM deliveries WHERE event_key = 'e0'",
      );
      delays.push(new Date(next.next_attempt_at).getTime() - now.getTime());
      now = new Date(new Date(next.next_attempt_at).getTime() + 1);
    }
    expect(delays.slice(0, 5)).toEqual([5_000, 30_000, 120_000, 600_000, 3_600_000]);
    const [off] = await listWebhooks(db);
    expect(off.disabled_at).not.toBeNull();
    expect(off.disabled_reason).toMatch(/Turned off after 10 failed calls in a row \(last: HTTP 500\)/);
    const callsWhenOff = hooks.calls.length;
    await queueWebhook(db, webhook.id, "after-off", { event: "shots.ready", body: {} }, now);
    await deliverDue(db, new Date(now.getTime() + 10 * 3_600_000));
    expect(hooks.calls.length).toBe(callsWhenOff);
  });

  it("sends a reviewer's digest once a day, at their hour in their time zone, only when images await", async () => {
    const reviewer = await createUser({
      email: "pm@studio.test",
      password: "reviewer-password-long",
      role: "reviewer",
    });
    await saveSettings(db, reviewer.id, {
      email_training: true,
      email_shots: true,
      email_digest: true,
      digest_hour: 9,
      time_zone: "Europe/Paris",
    });
    const at = (iso: string) => new Date(iso);
    expect(localClock(at("2026-11-23T07:30:00Z"), "Europe/Paris")).toEqual({ day: "2026-11-23", hour: 8 });
    expect(await sendDigests(db, at("2026-11-23T07:30:00Z"), async () => 3)).toBe(0); // 08:30 in Paris
    expect(await sendDigests(db, at("2026-11-23T08:05:00Z"), async () => 3)).toBe(1);
    expect(await sendDigests(db, at("2026-11-23T15:00:00Z"), async () => 3)).toBe(0); // once a day
    expect(await sendDigests(db, at("2026-11-24T08:05:00Z"), async () => 0)).toBe(0); // nothing awaits
    expect(await sendDigests(db, at("2026-11-25T08:05:00Z"), async () => 1)).toBe(1);
    await deliverDue(db, at("2026-11-25T08:06:00Z"));
    const subjects = mailbox.mails.map((m) => m.subject);
    expect(subjects.sort()).toEqual(["1 image awaits your review", "3 images await your review"]);
  });
});
