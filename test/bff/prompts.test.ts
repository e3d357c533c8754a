import { beforeAll, describe, expect, it } from "vitest";
import { api, loraReadyProduct } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies;
let product: { id: string };

beforeAll(async () => {
  who = await cookiesForEveryRole("prompts");
  product = await loraReadyProduct(who.editor, "History bottle");
}, 90_000);

const predict = (prompt: string, aspect_ratio: string) =>
  api("/api/predictions", { cookie: who.editor, json: { product_id: product.id, prompt, aspect_ratio } });

describe("prompt history", () => {
  it("lists my distinct prompts, newest first, with the settings of their latest use", async () => {
    await predict("on a wooden table", "1:1");
    await predict("in the snow", "16:9");
    await predict("on a wooden table", "9:16");
    const { items } = await (await api("/api/prompts/history?template_id=1", { cookie: who.editor })).json();
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({
        prompt: "on a wooden table",
        uses: 2,
        aspect_ratio: "9:16",
        product_id: product.id,
        template_id: "1",
      }),
      expect.objectContaining({ prompt: "in the snow", uses: 1, aspect_ratio: "16:9" }),
    ]);
    // Per person and per template.
    expect((await (await api("/api/prompts/history", { cookie: who.reviewer })).json()).items).toEqual([]);
    expect((await (await api("/api/prompts/history?template_id=7", { cookie: who.editor })).json()).items).toEqual([]);
    expect((await api("/api/prompts/history?limit=500", { cookie: who.editor })).status).toBe(400);
  });
});

describe("prompt presets", () => {
  it("saves, lists per template, refuses duplicates and lets only the author or an admin delete", async () => {
    const name = `Beach ${Date.now()}`;
    const created = await api("/api/prompts/presets", {
      cookie: who.editor,
      json: { template_id: "1", name, prompt: "  on a beach at dawn ", aspect_ratio: "3:2" },
    });
    expect(created.status).toBe(201);
    const preset = await created.json();
    expect(preset).toMatchObject({
      template_id: "1",
      name,
      prompt: "on a beach at dawn",
      aspect_ratio: "3:2",
      created_by_email: expect.stringContaining("editor-prompts"),
    });
    const dup = await api("/api/prompts/presets", {
      cookie: who.editor,
      json: { template_id: "1", name, prompt: "x" },
    });
    expect(dup.status).toBe(409);
    const forOne = (await (await api("/api/prompts/presets?template_id=1", { cookie: who.reviewer })).json()).items;
    expect(forOne.map((p: { id: string }) => p.id)).toContain(preset.id);
    expect(
      (await (await api("/api/prompts/presets?template_id=7", { cookie: who.editor })).json()).items.map(
        (p: { id: string }) => p.id,
      ),
    ).not.toContain(preset.id);
    expect(
      (await api("/api/prompts/presets", { cookie: who.editor, json: { template_id: "1", name: "", prompt: "x" } }))
        .status,
    ).toBe(400);
    expect(
      (
        await api("/api/prompts/presets", {
          cookie: who.editor,
          json: { template_id: "1", name: "r", prompt: "x", aspect_ratio: "7:3" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api("/api/prompts/presets", { cookie: who.reviewer, json: { template_id: "1", name: "r", prompt: "x" } }))
        .status,
    ).toBe(403);
    // Another editor (here: the admin's own preset, deleted by the editor) may not delete it.
    const adminPreset = await (
      await api("/api/prompts/presets", {
        cookie: who.admin,
        json: { template_id: "1", name: `${name} admin`, prompt: "x" },
      })
    ).json();
    const refused = await api(`/api/prompts/presets/${adminPreset.id}`, { method: "DELETE", cookie: who.editor });
    expect(refused.status).toBe(403);
    expect((await api(`/api/prompts/presets/${adminPreset.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(
      204,
    );
    expect((await api(`/api/prompts/presets/${preset.id}`, { method: "DELETE", cookie: who.admin })).status).toBe(204);
    expect((await api(`/api/prompts/presets/${preset.id}`, { method: "DELETE", cookie: who.editor })).status).toBe(404);
  });
});
