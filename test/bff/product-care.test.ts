// Looking after a product: rename and archive (the registry's, since the service has no product
// update), and a new version made at the service from the old product's kept textures.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  allPredictions,
  api,
  bff,
  control,
  createProduct,
  finishedPrediction,
  loraReadyProduct,
  png,
  serviceCalls,
} from "./client";
import { UPLOAD_LIMITS } from "./global-setup";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies;
beforeAll(async () => {
  who = await cookiesForEveryRole("care");
}, 30_000);

const patch = (id: string, body: unknown, cookie = who.editor) =>
  api(`/api/products/${encodeURIComponent(id)}`, { method: "PATCH", cookie, json: body });
const listIds = async (query: string) =>
  (
    (await (await api(`/api/products?limit=200&${query}`, { cookie: who.editor })).json()).items as { id: string }[]
  ).map((p) => p.id);

describe("renaming a product", () => {
  it("keeps the new name in the registry: the product, the list and its shots say it, without asking the service", async () => {
    const stamp = Date.now();
    const product = await (await createProduct(who.editor, "1", `Rename me ${stamp}`, ["label"])).json();
    await control("/calls", { method: "DELETE" });
    const renamed = await patch(product.id, { name: `  Cold brew bottle ${stamp}  ` });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      id: product.id,
      name: `Cold brew bottle ${stamp}`,
      archived_at: null,
    });
    expect(await serviceCalls()).toEqual({});
    const one = await (await api(`/api/products/${product.id}`, { cookie: who.editor })).json();
    expect(one.name).toBe(`Cold brew bottle ${stamp}`);
    const list = await (await api(`/api/products?q=${stamp}`, { cookie: who.editor })).json();
    expect(list.items.map((p: { name: string }) => p.name)).toEqual([`Cold brew bottle ${stamp}`]);
    const audit = await (await api(`/api/audit?action=product.renamed`, { cookie: who.admin })).json();
    expect(JSON.stringify(audit)).toContain(`Cold brew bottle ${stamp}`);
  });
});

describe("archiving a product", () => {
  it("leaves the list, the ids and the pickers; its shots stay in the gallery and the review queue; it can come back", async () => {
    const stamp = Date.now();
    const product = await loraReadyProduct(who.editor, `Archive me ${stamp}`);
    const shot = await finishedPrediction(who.editor, product.id, `on a shelf ${stamp}`);
    const other = await (await createProduct(who.editor, "1", `Stay here ${stamp}`, ["label"])).json();

    const archived = await patch(product.id, { archived: true });
    expect(archived.status).toBe(200);
    expect((await archived.json()).archived_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The list (and so the campaign's product search), the gallery's picker (by name, 200) and "select all matching".
    expect(await listIds(`q=${stamp}`)).toEqual([other.id]);
    expect(await listIds("sort=name")).not.toContain(product.id);
    const ids = await (await api(`/api/products/ids?q=${stamp}`, { cookie: who.editor })).json();
    expect(ids).toMatchObject({ ids: [other.id], total: 1 });
    // Asked for, it is there: the Products page's "Archived products" choice.
    expect(await listIds(`q=${stamp}&archived=only`)).toEqual([product.id]);
    expect((await listIds(`q=${stamp}&archived=include`)).sort()).toEqual([product.id, other.id].sort());
    expect((await api("/api/products?archived=yes", { cookie: who.editor })).status).toBe(400);

    // Its shots stay: the gallery (of that product too), the shot itself, the review queue.
    const gallery = await allPredictions<{ id: string; product_name: string | null }>(
      who.editor,
      `&product_id=${product.id}`,
    );
    expect(gallery.map((p) => p.id)).toEqual([shot.id]);
    expect(gallery[0].product_name).toBe(`Archive me ${stamp}`);
    expect((await api(`/api/predictions/${shot.id}`, { cookie: who.editor })).status).toBe(200);
    const queue = await (
      await api(`/api/reviews/queue?limit=200&product_id=${product.id}`, { cookie: who.editor })
    ).json();
    expect(queue.items.map((i: { prediction: { id: string } }) => i.prediction.id)).toContain(shot.id);
    // The product page still opens, saying it is archived.
    expect(
      (await (await api(`/api/products/${product.id}`, { cookie: who.editor })).json()).archived_at,
    ).not.toBeNull();

    const back = await patch(product.id, { archived: false });
    expect((await back.json()).archived_at).toBeNull();
    expect((await listIds(`q=${stamp}`)).sort()).toEqual([product.id, other.id].sort());
  }, 60_000);
});

describe("refusals", () => {
  it("answers bad changes with 400 in words and unknown products with 404, never asking the service", async () => {
    const product = await (await createProduct(who.editor, "1", `Refusals ${Date.now()}`, ["label"])).json();
    await control("/calls", { method: "DELETE" });
    const cases: [unknown, RegExp][] = [
      [{}, /a new name, or archived/],
      [{ name: "" }, /Enter a product name/],
      [{ name: "   " }, /Enter a product name/],
      [{ name: "x".repeat(121) }, /120 characters/],
      [{ name: "evil\u202Eeman" }, /name/i],
      [{ archived: "yes" }, /archived must be true or false/],
      [{ name: "Fine", template_id: "2" }, /Only name and archived/],
      [[1, 2], /JSON object/],
      ["rename", /JSON object/],
    ];
    for (const [body, message] of cases) {
      const response = await patch(product.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(Object.keys(answer).sort()).toEqual(["error", "message"]);
      expect(answer.message, JSON.stringify(body)).toMatch(message);
    }
    const notJson = await api(`/api/products/${product.id}`, {
      method: "PATCH",
      cookie: who.editor,
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(400);
    const unknown = await patch("never-made-here", { name: "Ghost" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "Not Found",
      message: expect.stringMatching(/no record of this product/),
    });
    expect(await serviceCalls()).toEqual({});
    // Nothing changed.
    expect((await (await api(`/api/products/${product.id}`, { cookie: who.editor })).json()).name).toBe(product.name);
  });

  it("lets editors and admins change products; a reviewer gets 403 and nothing changes; no session is a 401", async () => {
    const product = await (await createProduct(who.editor, "1", `Roles ${Date.now()}`, ["label"])).json();
    expect((await patch(product.id, { name: "By the admin" }, who.admin)).status).toBe(200);
    const refused = await patch(product.id, { archived: true }, who.reviewer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Forbidden", message: "Your role (reviewer) does not allow this." });
    const anonymous = await api(`/api/products/${product.id}`, { method: "PATCH", json: { archived: true } });
    expect(anonymous.status).toBe(401);
    expect((await (await api(`/api/products/${product.id}`, { cookie: who.reviewer })).json()).archived_at).toBeNull();
  });
});

/** The product as the local service itself keeps it: its textures' keys and the colour of each file. */
async function serviceTextures(id: string): Promise<Record<string, [number, number, number]>> {
  const { baseUrl, token } = bff();
  const product = await (
    await fetch(`${baseUrl}/product/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const out: Record<string, [number, number, number]> = {};
  for (const texture of product.textures as { key: string; url: string }[]) {
    const bytes = Buffer.from(await (await fetch(texture.url)).arrayBuffer());
    const { channels } = await sharp(bytes).stats();
    out[texture.key] = [0, 1, 2].map((c) => Math.round(channels[c].mean)) as [number, number, number];
  }
  return out;
}

const GREEN = { r: 20, g: 180, b: 40 };
const BLUE = { r: 30, g: 40, b: 200 };

function versionForm(textures: { key: string; bytes: Buffer | Uint8Array; filename?: string }[], name?: string) {
  const form = new FormData();
  if (name !== undefined) form.append("name", name);
  textures.forEach(({ key, bytes, filename }, n) => {
    form.append(`texture[${n}]`, new Blob([new Uint8Array(bytes)], { type: "image/png" }), filename ?? `${key}.png`);
    form.append(`texture[${n}][key]`, key);
  });
  return form;
}

describe("a new version with other textures", () => {
  it("creates a new product at the service from the old one's kept texture and the replacement, linked both ways", async () => {
    const stamp = Date.now();
    // Made with one of its two slots, as "Create only" allowed.
    const first = new FormData();
    first.append("template_id", "1");
    first.append("name", `Lemon soda ${stamp}`);
    first.append("texture[0]", new Blob([new Uint8Array(await png(64, GREEN))], { type: "image/png" }), "label.png");
    first.append("texture[0][key]", "label");
    const old = await (await api("/api/products", { cookie: who.editor, body: first })).json();
    expect(old.texture_keys).toEqual(["label"]);
    expect((await (await api(`/api/products/${old.id}`, { cookie: who.editor })).json()).kept_texture_keys).toEqual([
      "label",
    ]);

    await control("/calls", { method: "DELETE" });
    const response = await api(`/api/products/${old.id}/versions`, {
      cookie: who.editor,
      body: versionForm([{ key: "cap", bytes: await png(64, BLUE) }], `Lemon soda v2 ${stamp}`),
    });
    expect(response.status).toBe(201);
    const made = await response.json();
    expect(made).toMatchObject({
      name: `Lemon soda v2 ${stamp}`,
      template_id: "1",
      texture_keys: ["label", "cap"],
      previous_version: { id: old.id, name: `Lemon soda ${stamp}` },
      left_out: [],
      lora_enabled: 0,
    });
    expect(made.id).not.toBe(old.id);
    const calls = await serviceCalls();
    expect(
      Object.entries(calls)
        .filter(([k]) => k.startsWith("POST"))
        .map(([k, n]) => [k.replace(/^POST \S*\/product\/$/, "POST /product/"), n]),
    ).toEqual([["POST /product/", 1]]);

    // The service holds the old product's kept label (green) and the new cap (blue).
    const held = await serviceTextures(made.id);
    expect(Object.keys(held).sort()).toEqual(["cap", "label"]);
    expect(held.label[1]).toBeGreaterThan(150);
    expect(held.label[2]).toBeLessThan(80);
    expect(held.cap[2]).toBeGreaterThan(150);
    expect(held.cap[1]).toBeLessThan(80);

    // Both pages name each other; the old product stays as it was.
    const before = await (await api(`/api/products/${old.id}`, { cookie: who.editor })).json();
    expect(before).toMatchObject({
      texture_keys: ["label"],
      next_versions: [{ id: made.id, name: `Lemon soda v2 ${stamp}` }],
      previous_version: null,
    });
    const after = await (await api(`/api/products/${made.id}`, { cookie: who.editor })).json();
    expect(after.previous_version).toEqual({ id: old.id, name: `Lemon soda ${stamp}` });
    expect(after.texture_thumbnails.map((t: { key: string }) => t.key).sort()).toEqual(["cap", "label"]);
    expect(after.kept_texture_keys.sort()).toEqual(["cap", "label"]);

    // A version of the version, without a name: the old name, and its kept label and cap both travel on.
    const again = await api(`/api/products/${made.id}/versions`, {
      cookie: who.editor,
      body: versionForm([{ key: "label", bytes: await png(64, BLUE) }]),
    });
    expect(again.status).toBe(201);
    const third = await again.json();
    expect(third).toMatchObject({
      name: `Lemon soda v2 ${stamp}`,
      texture_keys: ["label", "cap"],
      previous_version: { id: made.id },
    });
    const thirdHeld = await serviceTextures(third.id);
    expect(thirdHeld.label[2]).toBeGreaterThan(150);
    expect(thirdHeld.cap[2]).toBeGreaterThan(150);
  }, 60_000);

  it("refuses bad uploads with 4xx in words before the service is asked; 404 for an unknown product, 403 for a reviewer", async () => {
    const old = await (await createProduct(who.editor, "1", `Refused versions ${Date.now()}`, ["label"])).json();
    await control("/calls", { method: "DELETE" });
    const versions = (
      body: FormData | undefined,
      cookie: string | undefined = who.editor,
      id = old.id,
      json?: unknown,
    ) => api(`/api/products/${encodeURIComponent(id)}/versions`, { method: "POST", cookie, body, json });
    const good = await png();
    // One at a time: a person has two upload slots.
    const cases: [() => Promise<Response>, number, RegExp][] = [
      [() => versions(versionForm([], "Fine name")), 400, /At least one texture file/],
      [() => versions(versionForm([{ key: "strap", bytes: good }])), 400, /no texture slot “strap”/],
      [
        () => versions(versionForm([{ key: "cap", bytes: Buffer.from("%PDF-1.4 not an image") }])),
        400,
        /not a readable image/,
      ],
      [() => versions(versionForm([{ key: "cap", bytes: good }], "")), 400, /Enter a product name/],
      [() => versions(versionForm([{ key: "cap", bytes: good }], "n".repeat(121))), 400, /120 characters/],
      [
        () => versions(versionForm([{ key: "cap", bytes: Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1) }])),
        413,
        /larger than/,
      ],
      [() => versions(undefined, who.editor, old.id, { name: "x" }), 415, /multipart/],
      [
        () => versions(versionForm([{ key: "cap", bytes: good }]), who.editor, "never-made-here"),
        404,
        /no record of this product/,
      ],
      [() => versions(versionForm([{ key: "cap", bytes: good }]), who.reviewer), 403, /reviewer/],
      [() => versions(versionForm([{ key: "cap", bytes: good }]), ""), 401, /session/],
    ];
    for (const [send, status, message] of cases) {
      const response = await send();
      const body = await response.json();
      expect([response.status, body.message], JSON.stringify(body)).toEqual([status, expect.stringMatching(message)]);
      expect(Object.keys(body).sort()).toEqual(["error", "message"]);
    }
    expect(Object.keys(await serviceCalls()).filter((k) => k.startsWith("POST"))).toEqual([]);
    expect((await (await api(`/api/products/${old.id}`, { cookie: who.editor })).json()).next_versions).toEqual([]);
  }, 60_000);
});
