// Export for the channel: downloads and ZIPs sized for a channel preset, in a chosen format,
// never cropped (a preset of another ratio is refused in words).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, loraReadyProduct, signIn, until } from "./client";

interface View {
  id: string;
  images: string[];
}

let cookie: string;
let portrait: View;
let wide: View;
const tmp = mkdtempSync(path.join(tmpdir(), "studio-export-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  cookie = await signIn();
  const product = await loraReadyProduct(cookie, "Export Vase");
  const create = async (aspect_ratio: string) =>
    (
      await (
        await api("/api/predictions", {
          cookie,
          json: { product_id: product.id, prompt: "Vase by a window", aspect_ratio },
        })
      ).json()
    ).id as string;
  const ids = [await create("4:5"), await create("16:9")];
  [portrait, wide] = await until(async () => {
    const views: View[] = await Promise.all(
      ids.map(async (id) => (await api(`/api/predictions/${id}`, { cookie })).json()),
    );
    return views.every((v) => v.images.length > 0) ? views : null;
  }, "images");
}, 60_000);

function unzip(zip: Buffer): { name: string; bytes: Buffer }[] {
  const file = path.join(tmp, `${Date.now()}.zip`);
  writeFileSync(file, zip);
  execFileSync("unzip", ["-tq", file]);
  const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
  const out = path.join(tmp, `${Date.now()}-out`);
  execFileSync("unzip", ["-q", file, "-d", out]);
  return names.map((name) => ({ name, bytes: readFileSync(path.join(out, name)) }));
}

const download = (src: string, extra: string) =>
  api(`/api/images/download?src=${encodeURIComponent(src)}&name=Export%20Vase${extra}`, { cookie });

describe("export for the channel", () => {
  it("makes a ZIP of Instagram portrait WebPs, named by preset", async () => {
    const response = await api("/api/predictions/zip", {
      cookie,
      json: { items: [{ prediction_id: portrait.id }], preset: "instagram-portrait", format: "webp" },
    });
    expect(response.status).toBe(200);
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    expect(entries).toHaveLength(portrait.images.length);
    for (const entry of entries) {
      expect(entry.name).toMatch(/-instagram-portrait-\d+\.webp$/);
      const meta = await sharp(entry.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1080, 1350]);
    }
  });

  it("refuses a preset of another ratio before the ZIP starts, and never crops", async () => {
    const response = await api("/api/predictions/zip", {
      cookie,
      json: { items: [{ prediction_id: portrait.id }, { prediction_id: wide.id }], preset: "instagram-portrait" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(
      /needs 4:5 shots, and \d+ selected images? (is|are) another ratio\. Nothing is cropped/,
    );
  });

  it("downloads one image as a web hero PNG, and refuses a story size for it", async () => {
    const hero = await download(wide.images[0], "&preset=web-hero&format=png");
    expect(hero.status).toBe(200);
    expect(hero.headers.get("content-type")).toBe("image/png");
    expect(hero.headers.get("content-disposition")).toBe('attachment; filename="export-vase-web-hero.png"');
    const meta = await sharp(Buffer.from(await hero.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1920, 1080]);

    const story = await download(wide.images[0], "&preset=story");
    expect(story.status).toBe(400);
    expect((await story.json()).message).toMatch(
      /^Story \/ Reels \(1080 × 1920\) needs a 9:16 shot; this one is \d+ × \d+\./,
    );
    const unknown = await download(wide.images[0], "&preset=billboard");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/^preset must be one of: original, amazon-main/);
  });

  it("converts the format alone at the original size", async () => {
    const response = await download(portrait.images[0], "&format=webp");
    expect(response.status).toBe(200);
    const original = await sharp(Buffer.from(await (await fetch(portrait.images[0])).arrayBuffer())).metadata();
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", original.width, original.height]);
  });
});
