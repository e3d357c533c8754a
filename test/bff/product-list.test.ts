import { beforeAll, describe, expect, it } from "vitest";
import { api, control, createProduct, loraReadyProduct, serviceCalls, signIn } from "./client";

// GET /api/products: pages from the registry; the service is asked only about trainings.

interface Item {
  id: string;
  name: string;
  template_id: string;
  lora_enabled: 0 | 1;
  lora_lost_at: string | null;
  preview_url: string | null;
  shots: number;
}
interface Page {
  items: Item[];
  next_cursor: string | null;
  total: number;
}

let cookie: string;
const list = async (search: string): Promise<Page> => {
  const response = await api(`/api/products?${search}`, { cookie });
  expect(response.status, search).toBe(200);
  return response.json();
};

beforeAll(async () => {
  cookie = await signIn();
});

describe("the product list", () => {
  it("pages through a search with keyset cursors, filters by template, LoRA state and sorts by name", async () => {
    const names = ["Quokka vase a", "Quokka vase b", "quokka VASE c", "Quokka vase d", "Quokka vase e"];
    for (const [n, name] of names.entries()) {
      expect((await createProduct(cookie, n < 3 ? "1" : "7", name, n < 3 ? ["label", "cap"] : ["print"])).status).toBe(
        201,
      );
    }
    const seen: string[] = [];
    let cursor = "";
    for (let i = 0; i < 5; i++) {
      const page = await list(`q=vase+quokka&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.total).toBe(5);
      seen.push(...page.items.map((p) => p.name));
      if (!page.next_cursor) break;
      cursor = encodeURIComponent(page.next_cursor);
    }
    expect(seen).toEqual([...names].reverse());
    expect((await list("q=quokka&template_id=7")).items.map((p) => p.name)).toEqual(["Quokka vase e", "Quokka vase d"]);
    expect((await list("q=quokka&sort=name&limit=3")).items.map((p) => p.name)).toEqual([
      "Quokka vase a",
      "Quokka vase b",
      "quokka VASE c",
    ]);
    expect((await list("q=quokka&lora=not_started")).total).toBe(5);
    expect((await list("q=quokka&lora=ready")).total).toBe(0);
    const first = (await list("q=quokka")).items[0];
    expect(first).toMatchObject({ shots: 0, lora_enabled: 0, lora_lost_at: null });
    expect(first.preview_url).toMatch(/^http/);
  });

  it("answers 400 in words for a tampered cursor, one of another order, and each bad value; 200 items is the most", async () => {
    const page = await list("limit=1");
    const cases = [
      "cursor=bm90LWpzb24",
      `cursor=${encodeURIComponent(Buffer.from('{"s":"newest","k":"not a time","id":"x"}').toString("base64url"))}`,
      `sort=name&cursor=${encodeURIComponent(page.next_cursor ?? "x")}`,
      "limit=201",
      "limit=0",
      "lora=stuck",
      "sort=price",
      `q=${"a".repeat(201)}`,
    ];
    for (const search of cases) {
      const response = await api(`/api/products?${search}`, { cookie });
      expect(response.status, search).toBe(400);
      expect(Object.keys(await response.json()).sort(), search).toEqual(["error", "message"]);
    }
    expect((await list("limit=200")).items.length).toBeLessThanOrEqual(200);
  });

  it("draws a page of ready products without a single service call", async () => {
    const product = await loraReadyProduct(cookie, "Zebra flask");
    // The product page saw it ready (loraReadyProduct polls it): recorded, lists trust it.
    await control("/calls", { method: "DELETE" });
    for (const search of ["lora=ready", "q=zebra+flask", "lora=ready&sort=name", "lora=ready&sort=oldest"]) {
      const page = await list(search);
      expect(
        page.items.some((p) => p.id === product.id && p.lora_enabled === 1),
        search,
      ).toBe(true);
    }
    expect(await serviceCalls()).toEqual({});
  });

  it("flips a product back to not ready when the service refuses a prediction for want of a LoRA", async () => {
    const product = await loraReadyProduct(cookie, "Yak tumbler");
    await control(`/lora/${product.id}`, { method: "DELETE" });
    const refused = await api("/api/predictions", {
      cookie,
      json: { product_id: product.id, prompt: "on a rock", aspect_ratio: "1:1" },
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/LoRA/);
    expect((await list("q=yak+tumbler&lora=ready")).total).toBe(0);
    const [item] = (await list("q=yak+tumbler")).items;
    expect(item).toMatchObject({ id: product.id, lora_enabled: 0 });
    expect(item.lora_lost_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
