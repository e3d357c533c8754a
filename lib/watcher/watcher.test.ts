import { statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";
import { getProductRecord, recordProduct } from "@/lib/db/products";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { clearServiceCache, createProduct, listLoraTemplates } from "@/lib/service";
import { runBatch } from "@/lib/campaigns/batch";
import { startLora } from "@/lib/studio/products";
import { getPredictionView } from "@/lib/studio/predictions";
import { reviewImage } from "@/lib/studio/reviews";
import type { SessionUser } from "@/lib/types";
import { call as callService, FULL, startTestService, type TestService } from "@/local-service/test-support";
import { resetMailerForTests } from "@/lib/notify/mailer";
import { recentNotifications } from "@/lib/notify/notifications";
import { verifyWebhook } from "@/lib/notify/signature";
import {
  startHookReceiver,
  startMailBox,
  until,
  type HookReceiver,
  type MailBox,
} from "@/lib/notify/testing/receivers";
import { Watcher } from "./watcher";
import { createWebhook } from "@/lib/notify/webhooks";

// The whole path with real parts: the local service trains and generates, the watcher notices,
// a real SMTP server receives the emails and a real HTTP server the signed webhook calls.

describe("the watcher tells people when work is done", () => {
  let service: TestService;
  let mailbox: MailBox;
  let hooks: HookReceiver;
  let env: ReturnType<typeof useTestEnv>;
  let db: Db;
  let watcher: Watcher;
  let user: SessionUser;
  let secret: string;
  let productId: string;

  beforeAll(async () => {
    service = await startTestService({ loraMs: 400, predictionMs: 200 });
    mailbox = await startMailBox();
    hooks = await startHookReceiver();
    env = useTestEnv({
      PVS_BASE_URL: service.baseUrl,
      PVS_ASSET_URL: service.assetUrl,
      PVS_API_TOKEN: FULL,
      SMTP_URL: mailbox.url,
      APP_URL: "https://studio.example.test",
      NOTIFY_RETRY_SCALE: "0.001",
      WEBHOOK_ALLOW_LOCALHOST: "on",
    });
    clearServiceCache();
    resetMailerForTests();
    db = await useMemoryDb();
    const record = await createUser({ email: "maker@studio.test", password: "maker-password-long", role: "editor" });
    user = { id: record.id, email: record.email, role: record.role };
    ({ secret } = await createWebhook(
      db,
      { url: hooks.url, events: ["training.finished", "shots.ready", "shot.approved"] },
      user.id,
    ));
    const [template] = await listLoraTemplates();
    const texture = path.join(env.dataDir, "texture.png");
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#a33" } })
      .png()
      .toFile(texture);
    const keys = template.texture_slots.length ? template.texture_slots.map((slot) => slot.key) : ["body"];
    const product = await createProduct({
      template_id: template.id,
      name: "Linen tote",
      textures: keys.map((key) => ({
        key,
        filename: `${key}.png`,
        contentType: "image/png",
        path: texture,
        size: statSync(texture).size,
      })),
    });
    productId = product.id;
    await recordProduct({
      id: productId,
      name: "Linen tote",
      templateId: template.id,
      textureKeys: [],
      createdBy: user.id,
    });
    watcher = new Watcher({ db, callsPerMinute: 600, holder: "test-watcher" });
  });

  afterAll(async () => {
    await watcher.stop();
    await db.close();
    resetMailerForTests();
    await Promise.all([mailbox.close(), hooks.close(), service.dispose()]);
    env.cleanup();
  });

  const round = () => watcher.round();

  it("emails the person who started a training, once, and calls the webhook signed", async () => {
    await startLora(productId, user);
    await until(() => mailbox.mails.length >= 1 && hooks.calls.length >= 1, round);
    for (let i = 0; i < 5; i++) await round(); // nothing more is sent for the same training
    expect(mailbox.mails).toHaveLength(1);
    // The registry learned it too: the products list reads it without asking the service.
    expect((await getProductRecord(productId))?.loraReadyAt).not.toBeNull();
    const mail = mailbox.mails[0];
    expect(mail.subject).toBe("“Linen tote” is ready for shots");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("maker@studio.test");
    expect(mail.text).toContain(`https://studio.example.test/products/${productId}`);

    expect(hooks.calls).toHaveLength(1);
    const call = hooks.calls[0];
    expect(call.headers["x-studio-event"]).toBe("training.finished");
    const timestamp = Number(call.headers["x-studio-timestamp"]);
    expect(verifyWebhook(secret, timestamp, call.body, String(call.headers["x-studio-signature"]))).toBe(true);
    expect(verifyWebhook("whsec_other", timestamp, call.body, String(call.headers["x-studio-signature"]))).toBe(false);
    expect(JSON.parse(call.body)).toMatchObject({
      event: "training.finished",
      product: { id: productId, name: "Linen tote" },
    });
  });

  it("sends one email per batch, with a thumbnail, naming product and prompt", async () => {
    mailbox.mails.length = 0;
    hooks.calls.length = 0;
    const batch = await runBatch(
      { product_id: productId, prompt: "on a marble counter", ratios: ["1:1", "16:9"], variations: false },
      user,
    );
    expect(batch.items.every((i) => i.ok && i.sent)).toBe(true);
    await until(() => mailbox.mails.length >= 1, round);
    for (let i = 0; i < 5; i++) await round();
    expect(mailbox.mails).toHaveLength(1);
    const mail = mailbox.mails[0];
    expect(mail.subject).toMatch(/^\d+ images? of “Linen tote” ready$/);
    expect(mail.text).toContain("“on a marble counter”");
    expect(mail.text).toContain(`https://studio.example.test/gallery?product_id=${productId}`);
    const thumb = mail.attachments.find((a) => a.cid === "thumb");
    expect(thumb?.contentType).toBe("image/jpeg");
    expect((await sharp(thumb!.content).metadata()).width).toBeLessThanOrEqual(480);
    expect(hooks.calls.map((c) => c.headers["x-studio-event"])).toEqual(["shots.ready"]);
    expect(JSON.parse(hooks.calls[0].body).predictions).toHaveLength(2);
  });

  it("keeps the same events in the person's bell", async () => {
    const bell = await recentNotifications(db, user.id);
    expect(bell.items.map((n) => n.title)).toEqual(["Shots ready", "Training finished"]);
    expect(bell.unread).toBe(2);
    expect(bell.items[1].link).toBe(`/products/${productId}`);
  });

  it("sends an approval to the webhooks that asked for it, but not a rejection nobody asked for", async () => {
    hooks.calls.length = 0;
    const [first] = (
      await runBatch({ product_id: productId, prompt: "in a forest", ratios: ["4:5"], variations: false }, user)
    ).items;
    if (!("prediction" in first)) throw new Error("prediction not created");
    await until(() => hooks.calls.length >= 1, round);
    hooks.calls.length = 0;
    await reviewImage(first.prediction.id, { action: "approve", image_index: 0 }, user);
    await reviewImage(first.prediction.id, { action: "reject", image_index: 0 }, user);
    await until(() => hooks.calls.length >= 1, round);
    for (let i = 0; i < 3; i++) await round();
    expect(hooks.calls.map((c) => c.headers["x-studio-event"])).toEqual(["shot.approved"]);
    expect(JSON.parse(hooks.calls[0].body)).toMatchObject({ by: "maker@studio.test", image_index: 0 });
  });

  it("tells open pages of a shot at its first check after the images are in, though a page's older answer is kept", async () => {
    const [made] = (
      await runBatch({ product_id: productId, prompt: "on a slate step", ratios: ["1:1"], variations: false }, user)
    ).items;
    if (!("prediction" in made)) throw new Error("prediction not created");
    const id = made.prediction.id;
    // A page asked while the shot was being made: that answer, without images, is kept for others.
    expect((await getPredictionView(id)).images).toEqual([]);
    for (let tries = 0; tries < 100; tries++) {
      const answer = await callService("GET", `${service.baseUrl}/prediction/${id}`);
      if ((answer.body as { images: string[] }).images.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await round();
    const told = await db.query<{ payload: { prediction: { images: string[] } } }>(
      "SELECT payload FROM events WHERE kind = 'shots.ready' AND payload->>'prediction_id' = $1",
      [id],
    );
    expect(told).toHaveLength(1);
    expect(told[0].payload.prediction.images.length).toBeGreaterThan(0);
  });
});
