import { beforeAll, describe, expect, it } from "vitest";
import { api, finishedPrediction, loraReadyProduct, signIn } from "./client";
import { SIGN_OFF_LIMITS } from "./global-setup";
import { cookiesForEveryRole, type RoleCookies } from "./users";

// A share link's visitor (no account) approves or comments on the link's images under a typed
// name; the team reads "via link: <name>". Limited per link and per address (small limits in
// global-setup.ts), turned off per link by its maker, refused for dead links and foreign images.

let who: RoleCookies & { emails: Record<string, string> };
let shot: { id: string; images: string[] };
let outside: { id: string; images: string[] };
/** Sign-offs that reached the address counter so far (every test here comes from 127.0.0.1). */
let counted = 0;

/** A fresh link showing `shot` only, its maker asking for visitors' sign-off unless `askSignOff` is false (then nothing is said of it); its token and id. */
async function link(cookie = who.editor, askSignOff = true): Promise<{ id: string; token: string }> {
  const made = await api("/api/shares", {
    cookie,
    json: {
      prediction_ids: [shot.id],
      expires_in_days: 1,
      title: "Client picks",
      ...(askSignOff ? { sign_off: true } : {}),
    },
  });
  expect(made.status).toBe(201);
  const { id, url } = await made.json();
  return { id, token: String(url).replace("/share/", "") };
}

const approve = (name = "Ana Client") => ({ name, prediction_id: shot.id, image_index: 0, action: "approve" });

/** Sends one sign-off; `counts` when it gets as far as the limits (a live link with sign-off on). */
async function signOff(token: string, body: unknown, counts = true, init: { body?: string } = {}) {
  if (counts) counted++;
  return init.body !== undefined
    ? api(`/api/share/${token}/sign-off`, { body: init.body, headers: { "content-type": "application/json" } })
    : api(`/api/share/${token}/sign-off`, { json: body });
}

beforeAll(async () => {
  who = await cookiesForEveryRole("signoff");
  const product = await loraReadyProduct(who.editor, "Signed-off bottle");
  shot = await finishedPrediction(who.editor, product.id, "bottle on linen");
  outside = await finishedPrediction(who.editor, product.id, "not in the link");
}, 120_000);

describe("signing off through a share link", () => {
  it("is off unless its maker turns it on: a link made without asking is read-only and refuses a visitor's approval with 403", async () => {
    const { id, token } = await link(who.editor, false);
    expect((await (await api(`/api/share/${token}`)).json()).sign_off).toBe(false);
    expect(
      (await (await api("/api/shares", { cookie: who.editor })).json()).find((s: { id: string }) => s.id === id),
    ).toMatchObject({ sign_off: false });
    const refused = await signOff(token, approve(), false);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Approving and commenting are turned off for this link.");
    const reviews = await (await api(`/api/predictions/${shot.id}/reviews`, { cookie: who.reviewer })).json();
    expect(reviews.events.filter((e: { via_link: string | null }) => e.via_link !== null)).toEqual([]);
    expect(
      (
        await api("/api/shares", {
          cookie: who.editor,
          json: { prediction_ids: [shot.id], expires_in_days: 1, sign_off: "yes" },
        })
      ).status,
    ).toBe(400);
  });

  it("approves and comments under a typed name; the history and the activity log say “via link: <name>”", async () => {
    const { id, token } = await link();
    const view = await (await api(`/api/share/${token}`)).json();
    expect(view.sign_off).toBe(true);
    expect(
      (await (await api("/api/shares", { cookie: who.editor })).json()).find((s: { id: string }) => s.id === id),
    ).toMatchObject({ sign_off: true });

    const approved = await signOff(token, approve("  Ana Client  "));
    expect(approved.status).toBe(201);
    expect(await approved.json()).toEqual({
      prediction_id: shot.id,
      image_index: 0,
      action: "approve",
      name: "Ana Client",
    });
    const comment = "Warmer light, please <b>less</b> glare";
    expect((await signOff(token, { ...approve(), action: "comment", comment })).status).toBe(201);

    const reviews = await (await api(`/api/predictions/${shot.id}/reviews`, { cookie: who.reviewer })).json();
    expect(reviews.images[0]).toMatchObject({ status: "approved" });
    const events = reviews.events.filter((e: { via_link: string | null }) => e.via_link === "Ana Client");
    expect(
      events.map((e: { action: string; comment: string | null; author_email: string | null }) => [
        e.action,
        e.comment,
        e.author_email,
      ]),
    ).toEqual([
      ["approve", null, null],
      ["comment", comment, null],
    ]);

    const audit = await (await api("/api/audit?limit=100&action=review.via_link", { cookie: who.admin })).json();
    // Newest first, each under the visitor's name.
    const lines = audit.items.filter((l: { prediction: { id: string } | null }) => l.prediction?.id === shot.id);
    expect(lines).toEqual([
      expect.objectContaining({
        action: "review.via_link",
        actor: expect.objectContaining({ email: "via link: Ana Client" }),
        detail: expect.objectContaining({ review: "comment", shareId: id }),
      }),
      expect.objectContaining({
        action: "review.via_link",
        actor: expect.objectContaining({ email: "via link: Ana Client" }),
        detail: expect.objectContaining({ review: "approve", image: 0, shareId: id }),
      }),
    ]);
  });

  it("refuses a missing or long name, a long comment, an empty one and other actions with 400, a large body with 413", async () => {
    const sixty = "N".repeat(60);
    const ok = await signOff((await link()).token, approve(sixty));
    expect(ok.status).toBe(201);
    expect((await ok.json()).name).toBe(sixty);
    const longest = await signOff((await link()).token, { ...approve(), action: "comment", comment: "c".repeat(2000) });
    expect(longest.status).toBe(201);

    const bad: [unknown, string][] = [
      [approve("   "), "Type your name"],
      [{ ...approve(), name: undefined }, "Type your name"],
      [approve("N".repeat(61)), "Keep your name under 60 characters"],
      [approve("Ana\nAdmin"), "Your name can hold letters, digits, spaces and punctuation only"],
      [
        approve("Ana \u202Enimda"),
        "Your name cannot hold invisible formatting characters (such as right-to-left marks)",
      ],
      [
        approve("Ana\u2066Admin\u2069"),
        "Your name cannot hold invisible formatting characters (such as right-to-left marks)",
      ],
      [{ ...approve(), action: "comment", comment: "c".repeat(2001) }, "Keep comments under 2000 characters"],
      [{ ...approve(), action: "comment", comment: "   " }, "Write a comment"],
      [{ ...approve(), action: "reject" }, "action must be one of: approve, comment"],
    ];
    for (const [body, message] of bad) {
      const refused = await signOff((await link()).token, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await refused.json()).message).toBe(message);
    }
    // One byte over the bound, refused while it streams.
    const padding = " ".repeat(16 * 1024 + 1 - JSON.stringify(approve()).length);
    const large = await signOff((await link()).token, null, true, { body: JSON.stringify(approve()) + padding });
    expect(large.status).toBe(413);
    const exact = await signOff((await link()).token, null, true, {
      body: JSON.stringify(approve()) + padding.slice(1),
    });
    expect(exact.status).toBe(201);
  });

  it("refuses an image the link does not show with one 404, whether or not it exists", async () => {
    const { token } = await link();
    const answers = [
      await signOff(token, { ...approve(), prediction_id: outside.id }),
      await signOff(token, { ...approve(), prediction_id: "no-such-shot" }),
      await signOff(token, { ...approve(), image_index: shot.images.length }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: "Not Found",
        message: "This image is not part of the shared view.",
      });
    }
    const reviews = await (await api(`/api/predictions/${outside.id}/reviews`, { cookie: who.reviewer })).json();
    expect(reviews.events).toEqual([]);
  });

  it("its maker turns sign-off off (403, the page without buttons) and on again; nobody else can", async () => {
    const { id, token } = await link();
    expect(
      (await api(`/api/shares/${id}`, { method: "PATCH", cookie: who.reviewer, json: { sign_off: false } })).status,
    ).toBe(404);
    expect((await api(`/api/shares/${id}`, { method: "PATCH", json: { sign_off: false } })).status).toBe(401);
    expect(
      (await api(`/api/shares/${id}`, { method: "PATCH", cookie: who.editor, json: { sign_off: "no" } })).status,
    ).toBe(400);
    const off = await api(`/api/shares/${id}`, { method: "PATCH", cookie: who.editor, json: { sign_off: false } });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ id, sign_off: false });
    expect((await (await api(`/api/share/${token}`)).json()).sign_off).toBe(false);
    const refused = await signOff(token, approve(), false);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Approving and commenting are turned off for this link.");
    const page = await (await api(`/share/${token}`)).text();
    expect(page).toContain("bottle on linen");
    expect(page).not.toContain("Your name");
    expect(page).not.toMatch(/>Approve</);

    expect(
      (await api(`/api/shares/${id}`, { method: "PATCH", cookie: who.admin, json: { sign_off: true } })).status,
    ).toBe(200);
    expect((await signOff(token, approve())).status).toBe(201);
    expect(await (await api(`/share/${token}`)).text()).toContain("Your name");
  });

  it("a revoked link and a disabled maker's link answer 404, as they do today", async () => {
    const { id, token } = await link();
    expect((await api(`/api/shares/${id}`, { method: "DELETE", cookie: who.editor })).status).toBe(204);
    const revoked = await signOff(token, approve(), false);
    expect(revoked.status).toBe(404);
    expect((await revoked.json()).message).toBe("This share link does not exist, has expired or was revoked.");
    expect((await signOff("A".repeat(43), approve(), false)).status).toBe(404);
    expect((await signOff("not-a-token", approve(), false)).status).toBe(404);

    const email = `signoff-maker-${Date.now()}@bff.test`;
    const { user } = await (
      await api("/api/users", { cookie: who.admin, json: { email, role: "editor", password: "maker-password-1" } })
    ).json();
    const theirs = await link(await signIn(email, "maker-password-1"));
    expect(
      (await api(`/api/users/${user.id}`, { method: "PATCH", cookie: who.admin, json: { disabled: true } })).status,
    ).toBe(200);
    expect((await signOff(theirs.token, approve(), false)).status).toBe(404);
  });

  it(`a link takes ${SIGN_OFF_LIMITS.perLink} sign-offs an hour: one more is 429 with Retry-After; another link still works`, async () => {
    const { token } = await link();
    for (let i = 0; i < SIGN_OFF_LIMITS.perLink; i++)
      expect((await signOff(token, approve(`Visitor ${i}`))).status).toBe(201);
    const over = await signOff(token, approve("One more"));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect((await over.json()).message).toMatch(
      /^This link has had too many approvals and comments this hour\. Try again in \d+ minutes?\.$/,
    );
    expect((await signOff((await link()).token, approve())).status).toBe(201);
  });

  // Last: it uses up this address's hour for every link.
  it(`one address takes ${SIGN_OFF_LIMITS.perAddress} sign-offs an hour across links: one more is 429`, async () => {
    expect(counted).toBeLessThan(SIGN_OFF_LIMITS.perAddress);
    while (counted < SIGN_OFF_LIMITS.perAddress) {
      const { token } = await link();
      for (let i = 0; i < SIGN_OFF_LIMITS.perLink && counted < SIGN_OFF_LIMITS.perAddress; i++) {
        expect((await signOff(token, approve()))!.status).toBe(201);
      }
    }
    const over = await signOff((await link()).token, approve());
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await over.json()).message).toMatch(
      /^Too many approvals and comments from your network this hour\. Try again in \d+ minutes?\.$/,
    );
  });
});
