import { beforeAll, describe, expect, it } from "vitest";
import { api, loraReadyProduct, until } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

// The activity log: the changes people make through the API each leave a line naming who did what
// to which product / shot / person; only admins may read it.

let who: RoleCookies & { emails: Record<string, string> };
let product: { id: string };

interface Line {
  id: string;
  action: string;
  words: string;
  actor: { email: string };
  product: { id: string; name: string | null } | null;
  prediction: { id: string; prompt: string | null } | null;
  target_email: string | null;
  detail: Record<string, unknown>;
}

async function lines(query = ""): Promise<Line[]> {
  const response = await api(`/api/audit?limit=100${query}`, { cookie: who.admin });
  expect(response.status).toBe(200);
  return (await response.json()).items;
}

beforeAll(async () => {
  who = await cookiesForEveryRole("audit");
}, 60_000);

describe("activity log", () => {
  it("records products, training, shots, batches, reviews and share links, by name", async () => {
    product = await loraReadyProduct(who.editor, "Audited jar");
    const shot = await (
      await api("/api/predictions", {
        cookie: who.editor,
        json: { product_id: product.id, prompt: "jar on linen", aspect_ratio: "1:1" },
      })
    ).json();
    const batch = await api("/api/predictions/batch", {
      cookie: who.editor,
      json: { product_id: product.id, prompt: "jar in snow", aspect_ratios: ["1:1", "16:9"] },
    });
    expect(batch.status).toBe(200);
    await until(
      async () => (await (await api(`/api/predictions/${shot.id}`, { cookie: who.editor })).json()).images.length > 0,
      "images",
    );
    for (const action of ["approve", "star"]) {
      const reviewed = await api(`/api/predictions/${shot.id}/reviews`, {
        cookie: who.reviewer,
        json: { image_index: 0, action },
      });
      expect(reviewed.status).toBe(201);
    }
    const link = await (
      await api("/api/shares", {
        cookie: who.editor,
        json: { prediction_ids: [shot.id], expires_in_days: 1, title: "Jar picks" },
      })
    ).json();
    expect((await api(`/api/shares/${link.id}`, { method: "DELETE", cookie: who.editor })).status).toBe(204);

    const mine = (await lines()).filter((l) => l.product?.id === product.id || l.detail.shareId === link.id);
    const editor = who.emails.editor;
    const of = (action: string) => mine.filter((l) => l.action === action);
    expect(of("product.created")).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ email: editor }),
        product: { id: product.id, name: "Audited jar" },
      }),
    ]);
    expect(of("lora.started").length).toBeGreaterThanOrEqual(1);
    // One line per shot made (the single one and the two of the batch), and one for the batch.
    expect(of("prediction.created")).toHaveLength(3);
    expect(of("prediction.created").find((l) => l.prediction?.id === shot.id)?.prediction).toEqual({
      id: shot.id,
      prompt: "jar on linen",
    });
    expect(of("batch.created")).toEqual([
      expect.objectContaining({ detail: { asked: 2, created: 2, variations: false } }),
    ]);
    expect(of("review.recorded").map((l) => [l.actor.email, l.detail.review])).toEqual([
      [who.emails.reviewer, "star"],
      [who.emails.reviewer, "approve"],
    ]);
    expect(of("share.created")).toEqual([
      expect.objectContaining({ detail: { shareId: link.id, title: "Jar picks", shots: 1, signOff: false } }),
    ]);
    expect(of("share.revoked")).toHaveLength(1);
    // Newest first.
    const ids = mine.map((l) => Number(l.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The link's token is never kept.
    expect(JSON.stringify(mine)).not.toContain(link.url.replace("/share/", ""));
  });

  it("records user changes without any password, and filters by person and action", async () => {
    const email = `audited-${Date.now()}@bff.test`;
    const password = "audited-password-1";
    const { user } = await (
      await api("/api/users", { cookie: who.admin, json: { email, role: "reviewer", password } })
    ).json();
    await api(`/api/users/${user.id}`, { method: "PATCH", cookie: who.admin, json: { role: "editor" } });
    await api(`/api/users/${user.id}`, { method: "PATCH", cookie: who.admin, json: { disabled: true } });
    expect((await api(`/api/users/${user.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(204);
    const about = (await lines()).filter((l) => l.target_email === email);
    expect(about.map((l) => l.action)).toEqual(["user.deleted", "user.disabled", "user.changed", "user.created"]);
    expect(about.find((l) => l.action === "user.changed")?.detail).toEqual({ role: "editor" });
    expect(JSON.stringify(about)).not.toContain(password);

    const me = await (await api("/api/session", { cookie: who.reviewer })).json();
    const reviews = await lines(`&actor=${me.user.id}&action=review.recorded`);
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    expect(reviews.every((l) => l.actor.email === who.emails.reviewer && l.action === "review.recorded")).toBe(true);
  });

  it("records a team webhook added, turned back on and deleted, by its hint: never its secret or full address", async () => {
    const url = `https://hooks.example.com/services/T0AUDIT/B0AUDIT/${Date.now()}tokenpart`;
    const created = await api("/api/webhooks", { cookie: who.admin, json: { url, events: ["shots.ready"] } });
    expect(created.status).toBe(201);
    const { webhook, secret } = await created.json();
    expect(
      (await api(`/api/webhooks/${webhook.id}`, { method: "PATCH", cookie: who.admin, json: { enabled: true } }))
        .status,
    ).toBe(200);
    expect((await api(`/api/webhooks/${webhook.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(204);

    const about = (await lines()).filter((l) => l.detail.webhookId === webhook.id);
    expect(about.map((l) => l.action)).toEqual(["webhook.deleted", "webhook.enabled", "webhook.created"]);
    expect(new Set(about.map((l) => l.actor.email)).size).toBe(1);
    expect(about[2].detail).toEqual({ webhookId: webhook.id, url: webhook.url_hint, events: "shots.ready" });
    const text = JSON.stringify(about);
    expect(text).not.toContain(secret);
    expect(text).not.toContain("tokenpart");
    // The Activity page's filter knows the new actions.
    expect((await api("/api/audit?action=webhook.created", { cookie: who.admin })).status).toBe(200);
  });

  it("pages with a cursor and refuses a limit of 101 and an unknown action", async () => {
    const first = await (await api("/api/audit?limit=2", { cookie: who.admin })).json();
    expect(first.items).toHaveLength(2);
    const second = await (await api(`/api/audit?limit=2&cursor=${first.next_cursor}`, { cookie: who.admin })).json();
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[1].id));
    expect((await api("/api/audit?limit=100", { cookie: who.admin })).status).toBe(200);
    const over = await api("/api/audit?limit=101", { cookie: who.admin });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ error: "Bad Request", message: "limit must be a whole number from 1 to 100" });
    expect((await api("/api/audit?action=everything", { cookie: who.admin })).status).toBe(400);
  });

  it("is for admins only: 403 for an editor and a reviewer, 401 without a session", async () => {
    for (const cookie of [who.editor, who.reviewer]) {
      const refused = await api("/api/audit", { cookie });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toBe("Forbidden");
    }
    expect((await api("/api/audit")).status).toBe(401);
  });
});
