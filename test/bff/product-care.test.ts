// Looking after a product: rename and archive (the registry's, since the service has no product
// update), and a new version made at the service from the old product's kept textures.
import { beforeAll, describe, expect, it } from "vitest";
import { allPredictions, api, control, createProduct, finishedPrediction, loraReadyProduct, serviceCalls } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies;
beforeAll(async () => {
  who = await cookiesForEveryRole("care");
}, 30_000);

const patch = (id: string, body: unknown, cookie = who.editor) =>
  api(`/api/products/${encodeURIComponent(id)}`, { method: "PATCH", cookie, json: body });
const listIds = async (query: string) =>
  ((await (await api(`/api/products?limit=200&${query}`, { cookie: who.editor })).json()).items as { id: string }[]).map((p) => p.id);

describe("renaming a product", () => {
  it("keeps the new name in the registry: the product, the list and its shots say it, without asking the service", async () => {
    const stamp = Date.now();
    const product = await (await createProduct(who.editor, "1", `Rename me ${stamp}`, ["label"])).json();
    await control("/calls", { method: "DELETE" });
    const renamed = await patch(product.id, { name: `  Cold brew bottle ${stamp}  ` });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: product.id, name: `Cold brew bottle ${stamp}`, archived_at: null });
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
    const gallery = await allPredictions<{ id: string; product_name: string | null }>(who.editor, `&product_id=${product.id}`);
    expect(gallery.map((p) => p.id)).toEqual([shot.id]);
    expect(gallery[0].product_name).toBe(`Archive me ${stamp}`);
    expect((await api(`/api/predictions/${shot.id}`, { cookie: who.editor })).status).toBe(200);
    const queue = await (await api(`/api/reviews/queue?limit=200&product_id=${product.id}`, { cookie: who.editor })).json();
    expect(queue.items.map((i: { prediction: { id: string } }) => i.prediction.id)).toContain(shot.id);
    // The product page still opens, saying it is archived.
    expect((await (await api(`/api/products/${product.id}`, { cookie: who.editor })).json()).archived_at).not.toBeNull();

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
    const notJson = await api(`/api/products/${product.id}`, { method: "PATCH", cookie: who.editor, body: "name=x", headers: { "content-type": "text/plain" } });
    expect(notJson.status).toBe(400);
    const unknown = await patch("never-made-here", { name: "Ghost" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not Found", message: expect.stringMatching(/no record of this product/) });
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
