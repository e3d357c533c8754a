import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyseTextures } from "./analyse-textures";
import { measureTexture } from "./measure-texture";
import * as img from "./test-images";
import type { TextureAdvice, TextureReport } from "./types";

// The calibration of thresholds.ts: each spoiled copy of a good texture warns for its own fault,
// and the good one warns for nothing. The measured values are printed so the table can be redone.

let dir: string;
const files: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "advisor-"));
  const good = await img.goodTexture(0);
  const other = await img.goodTexture(1);
  const cases: Record<string, Buffer> = {
    good,
    other,
    third: await img.goodTexture(2),
    blurred: await img.blurred(good, 4),
    blurredLightly: await img.blurred(good, 1),
    washedOut: await img.flattened(good, 0.1),
    jpeg10: await img.asJpeg(good, 10),
    jpeg90: await img.asJpeg(good, 90),
    small: await img.resized(good, 512),
    dark: await img.darkened(other, 0.25),
    overexposed: await sharp(good).linear(2.2, 0).png().toBuffer(),
    warm: await img.warmed(other),
    weave: await weave(),
    weaveWebp: await sharp(await weave())
      .webp({ lossless: true })
      .toBuffer(),
    webp5: await sharp(good).webp({ quality: 5 }).toBuffer(),
    webp90: await sharp(good).webp({ quality: 90 }).toBuffer(),
  };
  for (const [name, buffer] of Object.entries(cases)) {
    files[name] = path.join(dir, name);
    await writeFile(files[name], buffer);
  }
  const rows = [];
  for (const [name, file] of Object.entries(files)) {
    const m = await measureTexture(file);
    rows.push({
      name,
      side: Math.min(m.width, m.height),
      sharpness: m.sharpness.toFixed(3),
      spread: m.tone.spread,
      mean: m.tone.mean.toFixed(1),
      blown: m.tone.highlights.toFixed(3),
      jpegQuality: m.jpegQuality,
      blockiness: m.blockiness.toFixed(3),
      warmth: m.warmth?.toFixed(3) ?? null,
    });
  }
  console.table(rows);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A lossless fabric scan: a fine regular weave whose threads step on an 8-pixel grid, like JPEG blocks do. */
async function weave(): Promise<Buffer> {
  const size = 1024;
  const data = Buffer.alloc(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) data[y * size + x] = ((x >> 2) + (y >> 2)) % 2 ? 60 : 200;
  }
  return sharp(data, { raw: { width: size, height: size, channels: 1 } })
    .png()
    .toBuffer();
}

async function report(...names: string[]): Promise<TextureReport> {
  return analyseTextures(names.map((name, i) => ({ key: `${name}-${i}`, path: files[name] })));
}
const warnings = (advice: TextureAdvice) => advice.checks.filter((c) => c.level === "warn").map((c) => c.id);

describe("one texture", () => {
  it("a sharp, well-lit, high-contrast 1024×1024 texture gets only ok", async () => {
    const { textures } = await report("good");
    expect(textures[0]).toMatchObject({ width: 1024, height: 1024 });
    expect(textures[0].checks.map((c) => [c.id, c.level])).toEqual([
      ["resolution", "ok"],
      ["sharpness", "ok"],
      ["contrast", "ok"],
      ["exposure", "ok"],
      ["compression", "ok"],
    ]);
  });

  it.each<[string, string[]]>([
    ["blurred", ["sharpness"]],
    ["washedOut", ["contrast"]],
    ["jpeg10", ["compression"]],
    ["small", ["resolution"]],
    ["overexposed", ["exposure"]],
  ])("%s warns %j and nothing else", async (name, expected) => {
    const { textures } = await report(name);
    expect(warnings(textures[0])).toEqual(expected);
    for (const check of textures[0].checks.filter((c) => c.level === "warn"))
      expect(check.message.length).toBeGreaterThan(40);
  });

  it("JPEG quality 90 and a light blur pass; their values are the measures", async () => {
    const { textures } = await report("jpeg90", "blurredLightly");
    expect(warnings(textures[0])).toEqual([]);
    expect(textures[0].checks.find((c) => c.id === "compression")?.value).toBe(90);
    expect(warnings(textures[1])).toEqual([]);
    expect((await report("jpeg10")).textures[0].checks.find((c) => c.id === "compression")?.value).toBe(10);
  });

  it("a lossless PNG or WebP of a fine regular weave has no compression finding: it has no compression", async () => {
    const { textures } = await report("weave", "weaveWebp");
    for (const advice of textures) {
      const check = advice.checks.find((c) => c.id === "compression");
      expect(check).toMatchObject({
        level: "ok",
        message: expect.stringMatching(/^Saved without loss \((PNG|WEBP)\)/),
      });
    }
  });

  it("a lossy WebP's pixels are looked at for blocks; a lossless file's never are", async () => {
    expect((await measureTexture(files.webp5)).encoding).toBe("lossy");
    expect((await measureTexture(files.webp5)).blockiness).not.toBe(1);
    expect(await measureTexture(files.weaveWebp)).toMatchObject({ encoding: "lossless", blockiness: 1 });
    expect(await measureTexture(files.weave)).toMatchObject({ encoding: "lossless", blockiness: 1 });
  });

  it("a file that cannot be decoded is advice, not a failure", async () => {
    const broken = path.join(dir, "broken.png");
    const good = await img.goodTexture(3, 256);
    await writeFile(broken, good.subarray(0, good.length >> 1));
    const { textures, set } = await analyseTextures([{ key: "front", path: broken, width: 256, height: 256 }]);
    expect(textures[0]).toMatchObject({ key: "front", width: 256, checks: [{ id: "compression", level: "warn" }] });
    expect(set).toEqual([]);
  });
});

describe("a product's textures together", () => {
  const level = (r: TextureReport, id: string) => r.set.find((f) => f.id === id)?.level;

  it("different textures in the same light: consistency and duplicate ok", async () => {
    const r = await report("good", "other", "third");
    expect(r.set.map((f) => [f.id, f.level])).toEqual([
      ["consistency", "ok"],
      ["duplicate", "ok"],
    ]);
  });

  it("one texture at a quarter of the others' brightness warns consistency, naming it", async () => {
    const r = await report("good", "dark", "third");
    expect(level(r, "consistency")).toBe("warn");
    expect(r.set[0].message).toContain("“dark-1” is much darker");
    expect(level(r, "duplicate")).toBe("ok");
  });

  it("one texture in warmer light warns consistency", async () => {
    const r = await report("good", "warm");
    expect(level(r, "consistency")).toBe("warn");
    expect(r.set[0].message).toContain("warmer");
  });

  it("the same file in two slots warns duplicate, and so does a recompressed copy", async () => {
    expect(level(await report("good", "good"), "duplicate")).toBe("warn");
    expect(level(await report("jpeg90", "other", "good"), "duplicate")).toBe("warn");
  });

  it("three copies of one picture are named together, and a second pair apart from them", async () => {
    const r = await report("good", "good", "good", "other", "other", "third");
    expect(r.set.find((f) => f.id === "duplicate")?.message).toBe(
      "“good-0”, “good-1” and “good-2” look like the same picture. “other-3” and “other-4” look like the same picture. Each slot should show its own part of the product.",
    );
  });

  it("a single texture has no set findings", async () => {
    expect((await report("good")).set).toEqual([]);
  });
});
