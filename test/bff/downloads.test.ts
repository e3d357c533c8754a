// Thumbnails of asset images and streamed ZIPs of a selection.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadHref, downloadName } from "@/components/predictions/download-name";
import { allPredictions, api, bff, control, loraReadyProduct, signIn, until } from "./client";
import { cookiesForEveryRole } from "./users";

interface View {
  id: string;
  prompt: string;
  images: string[];
}

let cookie: string;
let reviewer: string;
let seeded: View[];
const tmp = mkdtempSync(path.join(tmpdir(), "studio-zip-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  cookie = await signIn();
  reviewer = (await cookiesForEveryRole("downloads")).reviewer;
  await control("/seed", { json: { count: 20 } });
  seeded = await until(async () => {
    const list = await allPredictions<View>(cookie);
    // Seeded ones (made "elsewhere": the app's registry knows neither their product nor ratio).
    const done = list.filter((p) => p.images.length > 0 && /#\d+$/.test(p.prompt));
    return done.length >= 20 ? done : null;
  }, "seeded predictions");
}, 60_000);

const thumb = (src: string, w: number | string, headers: Record<string, string> = {}) =>
  api(`/api/images/thumb?src=${encodeURIComponent(src)}&w=${w}`, { cookie, headers });

describe("thumbnails", () => {
  it("is a smaller WebP of the original, made once, then served from disk", async () => {
    const src = seeded[0].images[0];
    const original = Buffer.from(await (await fetch(src)).arrayBuffer());
    const first = await thumb(src, 240);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("x-thumb-cache")).toBe("miss");
    const body = Buffer.from(await first.arrayBuffer());
    expect(body.length).toBeLessThan(original.length);
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(240);

    const second = await thumb(src, 240);
    expect(second.headers.get("x-thumb-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true);

    const revalidated = await thumb(src, 240, { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
  });

  it("makes every width of a srcset, never wider than the original", async () => {
    const src = seeded[2].images[0];
    const original = (await sharp(Buffer.from(await (await fetch(src)).arrayBuffer())).metadata()).width!;
    for (const w of [720, 1600]) {
      const answer = await thumb(src, w);
      expect(answer.status).toBe(200);
      expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(Math.min(w, original));
    }
  });

  it("makes a thumb once for requests that arrive together", async () => {
    const src = seeded[1].images[0];
    const answers = await Promise.all(Array.from({ length: 6 }, () => thumb(src, 480)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.filter((r) => r.headers.get("x-thumb-cache") === "miss")).toHaveLength(1);
  });

  it("refuses other origins and other widths with 400", async () => {
    const elsewhere = await thumb("http://example.com/a.jpg", 240);
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error).toBe("Bad Request");
    expect((await thumb(seeded[0].images[0], 100)).status).toBe(400);
    // The widest the route makes, and one pixel more.
    expect((await thumb(seeded[0].images[0], 1600)).status).toBe(200);
    expect((await thumb(seeded[0].images[0], 1601)).status).toBe(400);
    expect((await api(`/api/images/thumb?src=${encodeURIComponent(seeded[0].images[0])}&w=240`)).status).toBe(401);
  });

  it("makes thumbs only of images of known shots: an unknown image or an added query string is a 404", async () => {
    const known = seeded[1].images[0];
    const withQuery = await thumb(`${known}${known.includes("?") ? "&" : "?"}v=2`, 240);
    expect(withQuery.status).toBe(404);
    expect(await withQuery.json()).toEqual({
      error: "Not Found",
      message: "That image is not one of this studio's shots.",
    });
    const unknown = await thumb(`${bff().assetUrl}/not-a-shot-of-ours.png`, 240);
    expect(unknown.status).toBe(404);
    expect((await thumb(known, 240)).status).toBe(200);
  });
});

function unzipList(zip: Buffer): string[] {
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.zip`);
  writeFileSync(file, zip);
  execFileSync("unzip", ["-tq", file]); // throws unless every entry's CRC checks out
  return execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
}

const zip = (items: unknown, who = cookie) => api("/api/predictions/zip", { cookie: who, json: { items } });

describe("one image", () => {
  it("is saved under the very name its download link shows", async () => {
    const src = seeded[0].images[0];
    const name = downloadName({
      productName: "Crème Bottle",
      prompt: seeded[0].prompt,
      aspectRatio: "4:5",
      url: src,
      index: 1,
      count: 2,
    });
    expect(name).toMatch(/^creme-bottle-.+-4x5-2\.(jpg|png|webp)$/);
    const response = await api(downloadHref(src, name), { cookie: reviewer });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    await response.body?.cancel();
  });
});

describe("ZIP of a selection", () => {
  let lamp: { id: string };
  let made: View[];
  beforeAll(async () => {
    lamp = await loraReadyProduct(cookie, "Zip Lamp");
    const create = async (prompt: string, aspect_ratio: string) =>
      (await api("/api/predictions", { cookie, json: { product_id: lamp.id, prompt, aspect_ratio } })).json();
    const ids = [
      (await create("Heron vase on white marble", "16:9")).id,
      (await create("Heron vase on white marble", "16:9")).id,
    ];
    made = await until(async () => {
      const views: View[] = await Promise.all(
        ids.map(async (id) => (await api(`/api/predictions/${id}`, { cookie })).json()),
      );
      return views.every((v) => v.images.length > 0) ? views : null;
    }, "images");
  }, 60_000);

  it("streams a valid archive named by product, prompt and ratio; a reviewer may download", async () => {
    const response = await zip(
      [{ prediction_id: made[0].id }, { prediction_id: made[1].id, image_index: 0 }],
      reviewer,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="product-studio-.*\.zip"$/);
    const names = unzipList(Buffer.from(await response.arrayBuffer()));
    expect(names).toHaveLength(made[0].images.length + 1);
    // Same product, prompt and ratio: one running number, so no name repeats.
    expect(names).toEqual(names.map((_, i) => `zip-lamp-heron-vase-on-white-marble-16x9-${i + 1}.jpg`));
  });

  it("takes a plain form post too", async () => {
    const body = new URLSearchParams({ items: JSON.stringify([{ prediction_id: seeded[2].id, image_index: 0 }]) });
    const response = await api("/api/predictions/zip", {
      cookie,
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    const names = unzipList(Buffer.from(await response.arrayBuffer()));
    expect(names).toHaveLength(1);
    // Neither product name nor ratio known: the name says "product" and leaves the ratio out.
    expect(names[0]).toMatch(/^product-([a-z]+-)+bottle-[a-z0-9-]+-1\.jpg$/);
  });

  it("refuses, before streaming, what is not the account's or not there", async () => {
    const unknown = await zip([{ prediction_id: "pred_nope" }]);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/pred_nope/);
    const badIndex = await zip([{ prediction_id: made[0].id, image_index: 99 }]);
    expect(badIndex.status).toBe(400);
    expect((await zip([])).status).toBe(400);
    const tooMany = await zip(Array.from({ length: 501 }, () => ({ prediction_id: made[0].id })));
    expect(tooMany.status).toBe(400);
    expect((await api("/api/predictions/zip", { json: { items: [{ prediction_id: made[0].id }] } })).status).toBe(401);
  });

  it("leaves out an image that cannot be fetched and lists it in MISSING.txt", async () => {
    // The local service serves images from its data folder: take one of ours away.
    const file = path.basename(new URL(made[1].images[0]).pathname);
    const imagesDir = path.join(bff().serviceDataDir, "images");
    expect(readdirSync(imagesDir)).toContain(file);
    rmSync(path.join(imagesDir, file));
    const response = await zip([
      { prediction_id: made[0].id, image_index: 0 },
      { prediction_id: made[1].id, image_index: 0 },
    ]);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(unzipList(bytes)).toEqual(["zip-lamp-heron-vase-on-white-marble-16x9-1.jpg", "MISSING.txt"]);
    const missingFile = path.join(tmp, "check.zip");
    writeFileSync(missingFile, bytes);
    const text = execFileSync("unzip", ["-p", missingFile, "MISSING.txt"], { encoding: "utf8" });
    expect(text).toContain(made[1].id);
    expect(text).toContain(file);
  });
});
