import { createECDH, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, signIn } from "./client";

// The device routes through the built app: the public key, a device turned on and off, and the
// bodies they refuse. Nothing is pushed here (lib/notify/push.test.ts sends to a stand-in).

let editor: string;
beforeAll(async () => {
  const admin = await signIn();
  const email = `push-editor-${Date.now()}@bff.test`;
  const created = await api("/api/users", {
    cookie: admin,
    json: { email, role: "editor", password: "editor-password-long" },
  });
  expect(created.status).toBe(201);
  editor = await signIn(email, "editor-password-long");
});

function deviceKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

describe("notifications on a device", () => {
  it("answers the installation's public key, the same each time", async () => {
    const first = await api("/api/push/key", { cookie: editor });
    expect(first.status).toBe(200);
    const { public_key } = (await first.json()) as { public_key: string };
    expect(Buffer.from(public_key, "base64url")).toHaveLength(65);
    expect(await (await api("/api/push/key", { cookie: editor })).json()).toEqual({ public_key });
  });

  it("takes a device's subscription and lets it go", async () => {
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("hex")}`,
      expirationTime: null,
      keys: deviceKeys(),
    };
    const added = await api("/api/push/subscriptions", { cookie: editor, json: subscription });
    expect(added.status).toBe(204);
    const again = await api("/api/push/subscriptions", { cookie: editor, json: subscription });
    expect(again.status).toBe(204);
    const removed = await api("/api/push/subscriptions", {
      cookie: editor,
      method: "DELETE",
      json: { endpoint: subscription.endpoint },
    });
    expect(removed.status).toBe(204);
  });

  it("refuses a push service that is not a public https address, and keys that are not keys", async () => {
    const keys = deviceKeys();
    for (const endpoint of ["http://push.example.com/x", "https://192.168.1.4/x", "https://127.0.0.1:9/x"]) {
      const refused = await api("/api/push/subscriptions", { cookie: editor, json: { endpoint, keys } });
      expect(refused.status, endpoint).toBe(400);
      expect(await refused.json()).toEqual({
        error: "Bad Request",
        message: "This browser's push service address cannot be used: it must be a public https:// address.",
      });
    }
    const shortKey = await api("/api/push/subscriptions", {
      cookie: editor,
      json: { endpoint: "https://fcm.googleapis.com/fcm/send/k", keys: { ...keys, auth: "c2hvcnQ" } },
    });
    expect(shortKey.status).toBe(400);
    expect(await shortKey.json()).toEqual({ error: "Bad Request", message: "keys.auth must be a 16-byte key" });
  });

  it("reads at most 4 KB of a body: one byte more is a 413", async () => {
    const sized = (bytes: number) => {
      const body = JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/x", pad: "" });
      return body.replace('"pad":""', `"pad":"${"a".repeat(bytes - body.length)}"`);
    };
    const headers = { "content-type": "application/json" };
    expect(sized(4096)).toHaveLength(4096);
    const atLimit = await api("/api/push/subscriptions", { cookie: editor, body: sized(4096), headers });
    expect(atLimit.status).toBe(400); // read whole, refused for its missing keys
    const over = await api("/api/push/subscriptions", { cookie: editor, body: sized(4097), headers });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: "Payload Too Large" });
  });
});
