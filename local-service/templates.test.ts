// Contract: GET /template/ and GET /template/{id} (section 4, "Operations used by the workflow").
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, fetchImage, startTestService, type TestService } from "./test-support";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.dispose());

describe("templates", () => {
  it("lists at least 8 templates with integer ids and only id, name, preview_url", async () => {
    const reply = await call("GET", `${svc.baseUrl}/template/`);
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeGreaterThanOrEqual(8);
    for (const item of reply.body) {
      expect(Object.keys(item).sort()).toEqual(["id", "name", "preview_url"]);
      expect(Number.isInteger(item.id)).toBe(true);
      expect(item.preview_url.startsWith(`${svc.assetUrl}/images/`)).toBe(true);
    }
  });

  it("details carry loraScene only where set, a description and 1-3 texture slots", async () => {
    const list = (await call("GET", `${svc.baseUrl}/template/`)).body as { id: number }[];
    const details = await Promise.all(
      list.map(async (t) => (await call("GET", `${svc.baseUrl}/template/${t.id}`)).body),
    );
    for (const detail of details) {
      expect(typeof detail.description).toBe("string");
      expect(detail.textures.length).toBeGreaterThanOrEqual(1);
      expect(detail.textures.length).toBeLessThanOrEqual(3);
      for (const slot of detail.textures) expect(Object.keys(slot).sort()).toEqual(["key", "label"]);
    }
    const available = details.filter((d) => d.loraScene === "available");
    const unavailable = details.filter((d) => "loraScene" in d && d.loraScene !== "available");
    const absent = details.filter((d) => !("loraScene" in d));
    expect(available.length).toBeGreaterThanOrEqual(6);
    expect(unavailable.length).toBeGreaterThanOrEqual(1);
    expect(absent.length).toBeGreaterThanOrEqual(1);
    const bottle = details.find((d) => d.id === 1);
    expect(bottle.textures).toEqual([
      { key: "label", label: "Label artwork" },
      { key: "cap", label: "Cap material" },
    ]);
  });

  it("preview_url serves a real image from the separate asset origin, without auth", async () => {
    const detail = (await call("GET", `${svc.baseUrl}/template/2`)).body;
    expect(new URL(detail.preview_url).origin).not.toBe(new URL(svc.baseUrl).origin);
    const { res, data } = await fetchImage(detail.preview_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBeGreaterThan(100);
  });

  it("unknown template → 404 in the error shape", async () => {
    const reply = await call("GET", `${svc.baseUrl}/template/999`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: "Not Found", message: "Template with ID 999 does not exist" });
  });
});
