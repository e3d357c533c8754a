import { beforeAll, describe, expect, it } from "vitest";
import { api, signIn } from "./client";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

describe("templates", () => {
  it("lists every template with string ids", async () => {
    const response = await api("/api/templates", { cookie });
    expect(response.status).toBe(200);
    const templates = await response.json();
    expect(templates.length).toBeGreaterThanOrEqual(6);
    for (const t of templates) expect(typeof t.id).toBe("string");
  });

  it("?lora=available keeps only templates whose detail says loraScene available", async () => {
    const all = await (await api("/api/templates", { cookie })).json();
    const lora = await (await api("/api/templates?lora=available", { cookie })).json();
    expect(lora.length).toBeGreaterThan(0);
    expect(lora.length).toBeLessThanOrEqual(all.length - 2);
    for (const t of lora) {
      expect(t.loraScene).toBe("available");
      expect(t.texture_slots.length).toBeGreaterThan(0);
    }
    // Checked against each detail, not the list items (which do not carry loraScene).
    for (const t of all) {
      const detail = await (await api(`/api/templates/${t.id}`, { cookie })).json();
      const offered = lora.some((l: { id: string }) => l.id === t.id);
      expect(offered, `template ${t.id}`).toBe(detail.loraScene === "available");
    }
  });

  it("gives one template with loraScene, preview and texture slots", async () => {
    const response = await api("/api/templates/1", { cookie });
    expect(response.status).toBe(200);
    const template = await response.json();
    expect(template).toMatchObject({ id: "1", loraScene: "available" });
    expect(template.texture_slots).toEqual(expect.arrayContaining([expect.objectContaining({ key: "label" })]));
    expect(template.preview_url).toMatch(/^http/);
  });

  it("passes the service's 404 through and refuses unsafe ids before calling it", async () => {
    const missing = await api("/api/templates/999", { cookie });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe("Not Found");
    // Next normalises a dot segment away before any route runs (a redirect); never a 200 or 500.
    const probe = await api("/api/templates/%2E%2E", { cookie });
    expect(probe.status).toBeGreaterThanOrEqual(300);
    expect(probe.status).toBeLessThan(500);
  });
});
