import { beforeAll, describe, expect, it } from "vitest";
import { allPredictions, api, bff, loraReadyProduct, signIn, until } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies;
let product: { id: string };
let other: { id: string };
let shown: { id: string };

async function finished(cookie: string, productId: string, prompt: string, aspect_ratio = "1:1") {
  const created = await (
    await api("/api/predictions", { cookie, json: { product_id: productId, prompt, aspect_ratio } })
  ).json();
  return until(async () => {
    const p = await (await api(`/api/predictions/${created.id}`, { cookie })).json();
    return p.images.length > 0 ? p : null;
  }, "images");
}

const share = (cookie: string, body: unknown) => api("/api/shares", { cookie, json: body });
const tokenOf = (url: string) => url.replace("/share/", "");

beforeAll(async () => {
  who = await cookiesForEveryRole("shares");
  product = await loraReadyProduct(who.editor, "Shared bottle");
  other = await loraReadyProduct(who.editor, "Private bottle");
  shown = await finished(who.editor, product.id, "shared on marble", "4:5");
  await finished(who.editor, other.id, "secret prototype");
}, 120_000);

describe("share links", () => {
  it("makes a link that opens without a cookie and shows only the filtered view", async () => {
    const created = await share(who.editor, {
      filter: { product_id: product.id },
      expires_in_days: 7,
      title: "Spring picks",
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      id: expect.any(String),
      title: "Spring picks",
      active: true,
      filter: { product_id: product.id },
    });
    expect(body.url).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.parse(body.created_at));
    const open = await until(async () => {
      const response = await api(`/api/share/${tokenOf(body.url)}`);
      const json = response.status === 200 ? await response.json() : null;
      return json?.items.some((p: { id: string }) => p.id === shown.id) ? { response, json } : null;
    }, "the shared view");
    expect(open.response.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(open.json).toMatchObject({ title: "Spring picks", expires_at: body.expires_at });
    expect(open.json.items.every((p: { product_id: string }) => p.product_id === product.id)).toBe(true);
    const text = JSON.stringify(open.json);
    expect(text).not.toContain("secret prototype");
    // Images go through the link's own route: no asset address is revealed.
    expect(text).not.toContain(bff().assetUrl);
    const item = open.json.items.find((p: { id: string }) => p.id === shown.id);
    expect(item.images[0]).toBe(`/api/share/${tokenOf(body.url)}/image?p=${shown.id}&i=0`);
    const image = await api(`${item.images[0]}&w=240`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    // The viewer's Download: the image as it was made, named by the app's file-name rule.
    const download = await api(`/api/share/${tokenOf(body.url)}/download?p=${shown.id}&i=0`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toMatch(/^image\/(png|jpeg|webp)/);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="shared-bottle-shared-on-marble-4x5(-1)?\.(png|jpg|webp)"$/,
    );
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it("refuses images outside the view, unknown and malformed tokens with one 404", async () => {
    const { url } = await (await share(who.editor, { filter: { product_id: product.id }, expires_in_days: 1 })).json();
    const list = await allPredictions<{ product_id: string; images: string[]; id: string }>(who.editor);
    const secret = list.find((p) => p.product_id === other.id && p.images.length > 0)!;
    expect((await api(`/api/share/${tokenOf(url)}/image?p=${secret.id}&i=0`)).status).toBe(404);
    expect((await api(`/api/share/${tokenOf(url)}/download?p=${secret.id}&i=0`)).status).toBe(404);
    expect((await api(`/api/share/${"A".repeat(43)}/download?p=${secret.id}&i=0`)).status).toBe(404);
    const unknown = await api(`/api/share/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "Not Found",
      message: "This share link does not exist, has expired or was revoked.",
    });
    expect((await api("/api/share/not-a-token")).status).toBe(404);
  });

  it("filters by the gallery's own query (ratio, words) and validates it", async () => {
    const { url } = await (
      await share(who.editor, { filter: { aspect_ratio: ["4:5"], q: "MARBLE" }, expires_in_days: 3 })
    ).json();
    const view = await until(async () => {
      const json = await (await api(`/api/share/${tokenOf(url)}`)).json();
      return json.items?.length ? json : null;
    }, "ratio view");
    expect(
      view.items.every(
        (p: { aspect_ratio: string; prompt: string }) => p.aspect_ratio === "4:5" && /marble/i.test(p.prompt),
      ),
    ).toBe(true);
    const bad = [
      { filter: {}, expires_in_days: 0 },
      { filter: {}, expires_in_days: 91 },
      { filter: {}, expires_in_days: 1.5 },
      { filter: { cursor: "x" }, expires_in_days: 1 },
      { filter: { colour: "red" }, expires_in_days: 1 },
      { filter: { aspect_ratio: "7:3" }, expires_in_days: 1 },
    ];
    for (const body of bad) expect((await share(who.editor, body)).status, JSON.stringify(body)).toBe(400);
    expect((await (await share(who.editor, { expires_in_days: 91 })).json()).message).toBe(
      "expires_in_days must be a whole number from 1 to 90",
    );
  });

  it("lists mine (all for an admin) and revokes: the link answers 404 at once", async () => {
    const { id, url } = await (await share(who.editor, { filter: {}, expires_in_days: 2, title: "Revoke me" })).json();
    const mine = await (await api("/api/shares", { cookie: who.editor })).json();
    expect(mine.map((s: { id: string }) => s.id)).toContain(id);
    // Its maker can copy the address again; nobody else is ever given it, an admin included.
    expect(mine.find((s: { id: string }) => s.id === id)).toMatchObject({ url });
    const reviewers = await (await api("/api/shares", { cookie: who.reviewer })).json();
    expect(reviewers.map((s: { id: string }) => s.id)).not.toContain(id);
    const admins = await (await api("/api/shares", { cookie: who.admin })).json();
    expect(admins.map((s: { id: string }) => s.id)).toContain(id);
    expect(admins.find((s: { id: string }) => s.id === id)).not.toHaveProperty("url");
    expect(JSON.stringify(admins)).not.toContain(tokenOf(url));
    expect(await (await api("/shares", { cookie: who.admin })).text()).not.toContain(tokenOf(url));
    // Someone else's link is not theirs to revoke: it does not exist for them.
    expect((await api(`/api/shares/${id}`, { method: "DELETE", cookie: who.reviewer })).status).toBe(404);
    expect((await api(`/api/share/${tokenOf(url)}`)).status).toBe(200);
    expect((await api(`/api/shares/${id}`, { method: "DELETE", cookie: who.editor })).status).toBe(204);
    expect((await api(`/api/share/${tokenOf(url)}`)).status).toBe(404);
    const after = (await (await api("/api/shares", { cookie: who.editor })).json()).find(
      (s: { id: string }) => s.id === id,
    );
    expect(after).toMatchObject({ active: false, revoked_at: expect.any(String) });
  });

  it("a reviewer may share (like downloading); the page itself opens without a cookie", async () => {
    const created = await share(who.reviewer, { filter: { product_id: product.id }, expires_in_days: 1 });
    expect(created.status).toBe(201);
    const page = await api((await created.json()).url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/noindex/);
    expect(html).not.toMatch(/New product|Sign out/);
  });

  it("says before making a link how many shots it will show, and names the product", async () => {
    const preview = await api(`/api/shares/preview?product_id=${encodeURIComponent(product.id)}`, {
      cookie: who.editor,
    });
    expect(preview.status).toBe(200);
    const body = await preview.json();
    expect(body).toEqual({ count: expect.any(Number), images: expect.any(Number), product_name: "Shared bottle" });
    expect(body.count).toBeGreaterThan(0);
    // The dialog counts images, as the gallery does: at least one per shot.
    expect(body.images).toBeGreaterThanOrEqual(body.count);
    expect((await api("/api/shares/preview?colour=red", { cookie: who.editor })).status).toBe(400);
    expect((await api("/api/shares/preview")).status).toBe(401);
  });

  it("holds the shots it was made with: one made later does not appear", async () => {
    const made = await (await share(who.editor, { filter: { product_id: product.id }, expires_in_days: 1 })).json();
    expect(made.count).toBeGreaterThan(0);
    expect(made.product_name).toBe("Shared bottle");
    const before = await (await api(`/api/share/${tokenOf(made.url)}`)).json();
    expect(before.items).toHaveLength(made.count);
    const later = await finished(who.editor, product.id, "made after the link");
    const { count } = await (
      await api(`/api/shares/preview?product_id=${encodeURIComponent(product.id)}`, { cookie: who.editor })
    ).json();
    expect(count).toBe(made.count + 1);
    const after = await (await api(`/api/share/${tokenOf(made.url)}`)).json();
    expect(after.items.map((p: { id: string }) => p.id)).toEqual(before.items.map((p: { id: string }) => p.id));
    expect((await api(`/api/share/${tokenOf(made.url)}/image?p=${later.id}&i=0`)).status).toBe(404);
  });

  it("shares picked shots by id: at most 500 (501 is a clear 400), unknown ids refused", async () => {
    const picked = await share(who.editor, { prediction_ids: [shown.id], expires_in_days: 1 });
    expect(picked.status).toBe(201);
    const view = await (await api(`/api/share/${tokenOf((await picked.json()).url)}`)).json();
    expect(view.items.map((p: { id: string }) => p.id)).toEqual([shown.id]);
    const tooMany = await share(who.editor, {
      prediction_ids: Array.from({ length: 501 }, (_, i) => `p-${i}`),
      expires_in_days: 1,
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      error: "Bad Request",
      message:
        "A share link can show at most 500 shots; this one would show 501. Narrow the filters (a product, a ratio or dates) and try again.",
    });
    const unknown = await share(who.editor, { prediction_ids: [shown.id, "no-such-shot"], expires_in_days: 1 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/1 of the picked shots are unknown/);
  });

  it("stops answering while its maker is disabled, and for good once the maker is deleted", async () => {
    const email = `sharer-${Date.now()}@bff.test`;
    const { user } = await (
      await api("/api/users", { cookie: who.admin, json: { email, role: "editor", password: "sharer-password-1" } })
    ).json();
    const cookie = await signIn(email, "sharer-password-1");
    const { url } = await (await share(cookie, { prediction_ids: [shown.id], expires_in_days: 1 })).json();
    const link = `/api/share/${tokenOf(url)}`;
    expect((await api(link)).status).toBe(200);
    const image = `${link}/image?p=${shown.id}&i=0&w=240`;
    expect((await api(image)).status).toBe(200);
    expect(
      (await api(`/api/users/${user.id}`, { method: "PATCH", cookie: who.admin, json: { disabled: true } })).status,
    ).toBe(200);
    // At once: the page's cache never answers for a link the database no longer lets through.
    expect((await api(link)).status).toBe(404);
    expect((await api(image)).status).toBe(404);
    expect((await api(url)).status).toBe(404);
    expect(
      (await api(`/api/users/${user.id}`, { method: "PATCH", cookie: who.admin, json: { disabled: false } })).status,
    ).toBe(200);
    expect((await api(link)).status).toBe(200);
    expect((await api(`/api/users/${user.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(204);
    expect((await api(link)).status).toBe(404);
  });
});
