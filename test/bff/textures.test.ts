import { beforeAll, describe, expect, it } from "vitest";
import { blurred, goodTexture, resized } from "@/lib/textures/test-images";
import { api, control, createProduct, serviceCalls } from "./client";
import { UPLOAD_LIMITS } from "./global-setup";
import { cookiesForEveryRole, type RoleCookies } from "./users";

// POST /api/textures/check: the advisor behind the same upload rules as product creation.

let cookies: RoleCookies;
let good: Buffer;
let other: Buffer;
let soft: Buffer;
beforeAll(async () => {
  cookies = await cookiesForEveryRole("textures");
  good = await goodTexture(0);
  other = await goodTexture(1);
  soft = await blurred(good, 4);
});

function form(files: [key: string, bytes: Buffer | Uint8Array, name?: string][]): FormData {
  const body = new FormData();
  files.forEach(([key, bytes, name], n) => {
    body.append(`texture[${n}][key]`, key);
    body.append(`texture[${n}]`, new Blob([new Uint8Array(bytes)], { type: "image/png" }), name ?? `${key}.png`);
  });
  return body;
}
const check = (body: FormData, cookie = cookies.editor) => api("/api/textures/check", { cookie, body });

describe("POST /api/textures/check", () => {
  it("answers each texture's findings and the set's, without a name or template, calling no service", async () => {
    await control("/calls", { method: "DELETE" });
    const response = await check(
      form([
        ["label", good],
        ["cap", soft],
        ["side", other],
      ]),
    );
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report.textures.map((t: { key: string; width: number }) => [t.key, t.width])).toEqual([
      ["label", 1024],
      ["cap", 1024],
      ["side", 1024],
    ]);
    const warned = (i: number) =>
      report.textures[i].checks.filter((c: { level: string }) => c.level === "warn").map((c: { id: string }) => c.id);
    expect(warned(0)).toEqual([]);
    expect(warned(1)).toEqual(["sharpness"]);
    expect(report.textures[1].checks.find((c: { id: string }) => c.id === "sharpness")).toMatchObject({
      level: "warn",
      message: expect.stringContaining("out of focus"),
      value: expect.any(Number),
    });
    // The blurred copy of the label is still the same picture.
    expect(report.set).toEqual([
      { id: "consistency", level: "ok", message: expect.any(String) },
      { id: "duplicate", level: "warn", message: expect.stringContaining("“label” and “cap”") },
    ]);
    expect(Object.keys(await serviceCalls()).filter((call) => call.startsWith("POST"))).toEqual([]);
  });

  it("warns resolution for a 512×512 texture", async () => {
    const report = await (await check(form([["label", await resized(good, 512)]]))).json();
    expect(report.textures[0]).toMatchObject({ width: 512, height: 512 });
    expect(report.textures[0].checks[0]).toMatchObject({ id: "resolution", level: "warn", value: 512 });
    expect(report.set).toEqual([]);
  });

  it("needs the create role, and a session before it reads the body", async () => {
    const forbidden = await check(form([["label", good]]), cookies.reviewer);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "Forbidden", message: expect.stringContaining("reviewer") });
    const anonymous = await api("/api/textures/check", { body: form([["label", good]]) });
    expect(anonymous.status).toBe(401);
    expect((await check(form([["label", good]]), cookies.admin)).status).toBe(200);
  });

  it("refuses a file one byte over the limit with 413", async () => {
    // The same limit as product creation: the BFF stack sets it small (global-setup.ts).
    const big = new Uint8Array(UPLOAD_LIMITS.fileBytes + 1);
    big.set(good.subarray(0, 64));
    const response = await check(form([["label", big]]));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "Payload Too Large",
      message: expect.stringMatching(/texture\[0\].*larger than the .+ limit/),
    });
  });

  it("refuses one file more than the 12 allowed with 413", async () => {
    // The smallest texture taken: 64 px a side (lib/images/pixel-limits.ts).
    const small = await resized(good, 64);
    const twelve = Array.from({ length: 12 }, (_, i) => [`k${i}`, small] as [string, Buffer]);
    expect((await check(form(twelve))).status).toBe(200);
    const thirteen = await check(form([...twelve, ["k12", small]]));
    expect(thirteen.status).toBe(413);
    expect((await thirteen.json()).message).toMatch(/At most 12 texture files/);
  });

  it("refuses what is not an image, a missing key and a body that is not multipart, in words", async () => {
    const pdf = await check(form([["label", Buffer.from("%PDF-1.7 not an image")]]));
    expect(pdf.status).toBe(400);
    expect((await pdf.json()).message).toMatch(/contents are not a readable image/);
    const noKey = new FormData();
    noKey.append("texture[0]", new Blob([new Uint8Array(good)]), "a.png");
    expect((await check(noKey)).status).toBe(400);
    const empty = await check(new FormData());
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toMatch(/At least one texture/);
    const json = await api("/api/textures/check", { cookie: cookies.editor, json: {} });
    expect(json.status).toBe(415);
  });
});

describe("the findings kept with a product", () => {
  it("are the server's own analysis of the files it was created from", async () => {
    // The product's fields come first: the upload refuses files sent before them.
    const body = new FormData();
    body.append("template_id", "1");
    body.append("name", "Advised bottle");
    for (const [n, [key, bytes]] of (
      [
        ["label", good],
        ["cap", soft],
      ] as const
    ).entries()) {
      body.append(`texture[${n}][key]`, key);
      body.append(`texture[${n}]`, new Blob([new Uint8Array(bytes)], { type: "image/png" }), `${key}.png`);
    }
    const created = await api("/api/products", { cookie: cookies.editor, body });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const kept = await (await api(`/api/products/${id}/texture-advice`, { cookie: cookies.reviewer })).json();
    expect(kept.report.textures.map((t: { key: string }) => t.key)).toEqual(["label", "cap"]);
    expect(kept.report.textures[1].checks.find((c: { id: string }) => c.id === "sharpness").level).toBe("warn");
    expect(kept.report.set.find((f: { id: string }) => f.id === "duplicate").level).toBe("warn");
  });

  it("are kept for every product made through the app, and null for one the registry does not know", async () => {
    const plain = await (await createProduct(cookies.admin, "1", "Unadvised", ["label"])).json();
    const kept = await (await api("/api/products/some-other-product/texture-advice", { cookie: cookies.admin })).json();
    expect(kept).toEqual({ report: null });
    expect(
      (await (await api(`/api/products/${plain.id}/texture-advice`, { cookie: cookies.admin })).json()).report.textures,
    ).toHaveLength(1);
  });
});
