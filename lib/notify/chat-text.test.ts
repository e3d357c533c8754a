import { describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { recordProduct } from "@/lib/db/products";
import { testDatabase } from "@/lib/db/testing";
import { visitorNameSchema } from "@/lib/schemas/link-sign-off";
import { createProductFieldsSchema } from "@/lib/schemas/product";
import { announceCampaignFinished, announceReview, announceTrainingFinished } from "./announce";
import { campaignFinished, chatEscape, shotReviewed, shotsReady, trainingFinished } from "./messages";
import { createWebhook } from "./webhooks";

// What people type reaches a chat webhook's `text` as words, never as Slack markup: a share-link
// visitor named `<!channel> <https://evil|Log in here>` must not ping a channel or show a link.

const EVIL = "<!channel> <https://evil.example|Log in here> & more";
const INERT = "&lt;!channel&gt; &lt;https://evil.example|Log in here&gt; &amp; more";

const t = testDatabase({ APP_URL: "https://studio.example.test", WEBHOOK_ALLOW_LOCALHOST: "on" });

describe("webhook text", () => {
  it("escapes &, < and > in every typed piece of every message, and leaves the app's own link whole", () => {
    expect(chatEscape(EVIL)).toBe(INERT);
    const product = { id: "prd_1", name: EVIL };
    expect(trainingFinished(product).chat).toBe(
      `“${INERT}” is ready for shots. https://studio.example.test/products/prd_1`,
    );
    const ready = shotsReady(product, [{ id: "p1", prompt: "<@U123> on marble", aspectRatio: "1:1", images: ["a"] }]);
    expect(ready.chat).toBe(
      `1 image of “${INERT}”: “&lt;@U123&gt; on marble” https://studio.example.test/predictions/p1`,
    );
    const reviewed = shotReviewed(product, { id: "p1", prompt: "<!here>" }, "approved", `via link: ${EVIL}`);
    expect(reviewed.text).toBe(
      `via link: ${INERT} approved a shot of “${INERT}” (“&lt;!here&gt;”): https://studio.example.test/predictions/p1`,
    );
    expect(campaignFinished({ id: "cmp_1", name: EVIL }, { total: 2, done: 2, failed: 0 }).chat).toContain(
      `“${INERT}”: 2 of 2 shots made.`,
    );
    // The bell and the email keep the name as typed (they escape it for HTML themselves).
    expect(trainingFinished(product).line).toBe(`“${EVIL}” is ready for shots.`);
  });

  it("is escaped in the calls queued for the webhooks: a review through a share link, a training, a campaign", async () => {
    const admin = await createUser({ email: "admin@studio.test", password: "admin-password-long", role: "admin" });
    await createWebhook(
      t.db,
      { url: "https://hooks.example.test/x", events: ["shot.approved", "training.finished", "campaign.finished"] },
      admin.id,
    );
    await recordProduct({ id: "prd_evil", name: EVIL, templateId: "1", textureKeys: [], createdBy: admin.id });
    const now = new Date("2031-01-01T00:00:00Z");
    await announceReview(
      t.db,
      {
        eventId: "1",
        predictionId: "p1",
        productId: "prd_evil",
        prompt: "<!here>",
        imageIndex: 0,
        status: "approved",
        by: `via link: ${EVIL}`,
      },
      now,
    );
    await announceTrainingFinished(
      t.db,
      {
        kind: "lora",
        resourceId: "prd_evil",
        productId: "prd_evil",
        userId: admin.id,
        batchId: null,
        startedAt: now,
        checks: 0,
      },
      now,
    );
    await announceCampaignFinished(
      t.db,
      { id: "cmp_evil", name: EVIL, createdBy: admin.id },
      { total: 1, done: 1, failed: 0, cancelled: 0 },
      now,
    );
    const rows = await t.db.query<{ payload: unknown }>(
      "SELECT payload FROM deliveries WHERE channel = 'webhook' ORDER BY id",
    );
    const texts = rows.map(
      (r) =>
        ((typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as { body: { text: string } }).body.text,
    );
    expect(texts).toHaveLength(3);
    for (const text of texts) {
      expect(text).toContain(INERT);
      expect(text).not.toMatch(/<[!@]|<https?:/);
    }
  });
});

describe("names people type", () => {
  it("refuse bidi controls and other invisible format characters, in words; joiners of scripts and emoji stay", () => {
    for (const name of [
      "Ana \u202Enimda",
      "Ana\u202A",
      "\u2066Ana\u2069",
      "Ana\u200E",
      "Ana\u200F",
      "An\u200Ba",
      "An\uFEFFa",
      "An\u00ADa",
      "Ana\u2060",
    ]) {
      const visitor = visitorNameSchema.safeParse(name);
      expect(visitor.success, JSON.stringify(name)).toBe(false);
      expect(visitor.error?.issues[0].message).toBe(
        "Your name cannot hold invisible formatting characters (such as right-to-left marks)",
      );
      const product = createProductFieldsSchema.safeParse({ template_id: "1", name });
      expect(product.error?.issues[0].message).toBe(
        "The name cannot hold invisible formatting characters (such as right-to-left marks).",
      );
    }
    for (const name of ["Ana Client", "Zoë O'Brien-Łukasz", "می‌خواهم", "👩‍💻 Dev", "山田 太郎"]) {
      expect(visitorNameSchema.safeParse(name).success, name).toBe(true);
      expect(createProductFieldsSchema.safeParse({ template_id: "1", name }).success, name).toBe(true);
    }
  });
});
