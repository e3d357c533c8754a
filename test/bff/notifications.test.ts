import { beforeAll, describe, expect, it } from "vitest";
import { api, bff, signIn } from "./client";

// The notification routes through the built app: settings, the bell, and admin-only webhooks.

let admin: string;
let editor: string;
beforeAll(async () => {
  admin = await signIn();
  const email = `notify-editor-${Date.now()}@bff.test`;
  const created = await api("/api/users", {
    cookie: admin,
    json: { email, role: "editor", password: "editor-password-long" },
  });
  expect(created.status).toBe(201);
  editor = await signIn(email, "editor-password-long");
});

describe("email settings", () => {
  it("answers the defaults, saves a choice, and refuses a bad hour or time zone", async () => {
    const first = await (await api("/api/settings/notifications", { cookie: editor })).json();
    expect(first).toEqual({
      email_training: true,
      email_shots: true,
      email_digest: false, // on by default only for reviewers
      digest_hour: 9,
      time_zone: "UTC",
      email_configured: false,
    });
    const choice = {
      email_training: false,
      email_shots: true,
      email_digest: true,
      digest_hour: 17,
      time_zone: "Europe/Berlin",
    };
    const saved = await api("/api/settings/notifications", { cookie: editor, method: "PUT", json: choice });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...choice, email_configured: false });
    const badHour = await api("/api/settings/notifications", {
      cookie: editor,
      method: "PUT",
      json: { ...choice, digest_hour: 24 },
    });
    expect(badHour.status).toBe(400);
    expect(await badHour.json()).toEqual({ error: "Bad Request", message: "Choose an hour from 0 to 23" });
    const badZone = await api("/api/settings/notifications", {
      cookie: editor,
      method: "PUT",
      json: { ...choice, time_zone: "Mars/Base" },
    });
    expect((await badZone.json()).message).toBe("That time zone is not known");
  });
});

describe("the bell", () => {
  it("answers an empty list for a new person and marks all read", async () => {
    expect(await (await api("/api/notifications", { cookie: editor })).json()).toEqual({ items: [], unread: 0 });
    const read = await api("/api/notifications/read", { cookie: editor, json: {} });
    expect(read.status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await api("/api/notifications")).status).toBe(401);
  });
});

describe("team webhooks", () => {
  it("are for admins only", async () => {
    expect((await api("/api/webhooks", { cookie: editor })).status).toBe(403);
    expect(
      (
        await api("/api/webhooks", {
          cookie: editor,
          json: { url: "https://hooks.example.com/x", events: ["shots.ready"] },
        })
      ).status,
    ).toBe(403);
  });

  it("refuse plain http, and the app's or the service's own address (here on this machine, so refused as such first)", async () => {
    const tryUrl = async (url: string) =>
      api("/api/webhooks", { cookie: admin, json: { url, events: ["shots.ready"] } });
    const plain = await tryUrl("http://hooks.example.com/x");
    expect(plain.status).toBe(400);
    expect((await plain.json()).message).toMatch(/must start with https:\/\//);
    expect((await (await tryUrl(`${bff().baseUrl}/prediction/`)).json()).message).toMatch(
      /cannot point at this (app or at the image service|machine)/,
    );
    expect((await (await tryUrl(`${bff().assetUrl}/x.png`)).json()).message).toMatch(
      /cannot point at this (app|machine)/,
    );
    expect((await (await tryUrl(`${bff().appUrl}/api/users`)).json()).message).toMatch(
      /cannot point at this (app|machine)/,
    );
    const none = await api("/api/webhooks", {
      cookie: admin,
      json: { url: "https://hooks.example.com/x", events: [] },
    });
    expect((await none.json()).message).toBe("Choose at least one event");
  });

  it("refuse loopback however it is written, and private, link-local and metadata addresses", async () => {
    const port = new URL(bff().controlUrl).port;
    const refused = [
      `http://localhost:${port}/`,
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://[::1]:${port}/`,
      "https://127.0.0.1/",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.1/hook",
      "https://192.168.1.20/hook",
      "https://[::ffff:7f00:1]/hook",
      "https://[::ffff:169.254.169.254]/hook",
      "https://[fd00::1]/hook",
      "https://[fe80::1]/hook",
      "https://0.0.0.0/hook",
    ];
    for (const url of refused) {
      const answer = await api("/api/webhooks", { cookie: admin, json: { url, events: ["shots.ready"] } });
      expect(answer.status, url).toBe(400);
      expect((await answer.json()).message, url).toMatch(
        /^(The address must start with https:\/\/|A webhook cannot point at this machine or at a private network's address)/,
      );
    }
    const list = await (await api("/api/webhooks", { cookie: admin })).json();
    expect(
      list.filter((w: { url_hint: string }) =>
        /127\.0\.0\.1|2130706433|0x7f|::|10\.0|169\.254|192\.168|0\.0\.0\.0/.test(w.url_hint),
      ),
    ).toEqual([]);
  });

  it("answer the signing secret once and list the address shortened", async () => {
    const url = "https://hooks.slack.com/services/T000/B000/secret-part-of-the-url";
    const created = await api("/api/webhooks", {
      cookie: admin,
      json: { url, events: ["training.finished", "shot.approved"] },
    });
    expect(created.status).toBe(201);
    const { webhook, secret } = await created.json();
    expect(secret).toMatch(/^whsec_/);
    const list = await (await api("/api/webhooks", { cookie: admin })).json();
    const listed = list.find((w: { id: string }) => w.id === webhook.id);
    expect(listed).toMatchObject({
      url_hint: "https://hooks.slack.com/services/T0…",
      events: ["training.finished", "shot.approved"],
      disabled_at: null,
    });
    expect(JSON.stringify(list)).not.toContain("secret-part-of-the-url");
    expect(JSON.stringify(list)).not.toContain(secret);
    expect((await api(`/api/webhooks/${webhook.id}`, { cookie: admin, method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/webhooks/${webhook.id}`, { cookie: admin, method: "DELETE" })).status).toBe(404);
  });
});
