import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { enlargeNote, presetById, presetsFor, whyNoChannelSize } from "@/lib/schemas/channel-presets";
import { exportImage } from "./export-image";

const image = (width: number, height: number, alpha = false) =>
  sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : "#3a6" },
  })
    .png()
    .toBuffer();

let env: ReturnType<typeof useTestEnv>;
beforeAll(() => {
  env = useTestEnv();
});
afterAll(() => env.cleanup());

describe("exportImage", () => {
  it("refuses an image over 40 megapixels from its header, in words, without decoding it", async () => {
    // 7000 × 6000: 42 megapixels of one colour, a small PNG.
    const large = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    const refused = await exportImage(large, { format: "jpeg" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 413,
      message:
        "This image is 7000 × 6000 pixels (42 megapixels); channel copies are made of images up to 40 megapixels. Download it at its original size instead.",
    });
  });

  it("sizes a 1:1 shot for Amazon on white, as a JPEG", async () => {
    const made = await exportImage(await image(1216, 1216, true), { preset: "amazon-main", format: "jpeg" });
    expect(made.contentType).toBe("image/jpeg");
    const { data, info } = await sharp(made.body).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([2000, 2000]);
    expect([...data.subarray(0, 3)].every((v) => v >= 250)).toBe(true); // transparent became white
  });

  it("makes the copy from the image's file as well as from its bytes", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "export-image-"));
    try {
      const file = path.join(dir, "shot.png");
      await writeFile(file, await image(1216, 1216));
      const made = await exportImage(file, { preset: "instagram-square", format: "webp" });
      expect(made.contentType).toBe("image/webp");
      const meta = await sharp(made.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1080, 1080]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a preset of another ratio instead of cropping", async () => {
    await expect(exportImage(await image(1520, 1216), { preset: "instagram-portrait" })).rejects.toThrow(
      "Instagram portrait (1080 × 1350) needs a 4:5 shot; this one is 1520 × 1216.",
    );
  });

  it("offers only the presets that fit every shot's ratio", () => {
    expect(presetsFor(["4:5"]).map((p) => p.id)).toEqual(["original", "instagram-portrait"]);
    expect(presetsFor(["1:1", "1:1"]).map((p) => p.id)).toEqual(["original", "amazon-main", "instagram-square"]);
    expect(presetsFor(["1:1", "4:5"]).map((p) => p.id)).toEqual(["original"]);
    expect(presetsFor([null]).map((p) => p.id)).toEqual(["original"]);
  });

  it("has a channel size for every ratio of the interface, and sizes 2:3, 3:2 and 5:4 shots for theirs", async () => {
    for (const ratio of ["16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16"] as const) {
      expect(presetsFor([ratio]).length, ratio).toBeGreaterThan(1);
      expect(whyNoChannelSize([ratio]), ratio).toBeNull();
    }
    const pin = await exportImage(await image(832, 1248), { preset: "pinterest-pin", format: "jpeg" });
    expect(await sharp(pin.body).metadata()).toMatchObject({ width: 1000, height: 1500 });
    const banner = await exportImage(await image(1248, 832), { preset: "web-banner", format: "webp" });
    expect(await sharp(banner.body).metadata()).toMatchObject({ width: 1800, height: 1200 });
    const print = await exportImage(await image(1280, 1024), { preset: "print-10x8", format: "png" });
    expect(await sharp(print.body).metadata()).toMatchObject({ width: 3000, height: 2400 });
  });

  it("says why only the original size is offered, and that a channel size enlarges smaller shots", () => {
    expect(whyNoChannelSize(["1:1", "4:5"])).toBe(
      "Channel sizes are offered when every chosen shot has one ratio; these have 2 (1:1, 4:5).",
    );
    expect(whyNoChannelSize([null])).toBe("Channel sizes are offered once the shot's ratio is known.");
    expect(enlargeNote(presetById("story"))).toBe(
      "Shots smaller than 1080 × 1920 are enlarged to it, which adds no detail; choose “Original size” to keep the shot as it was made.",
    );
    expect(enlargeNote(presetById("original"))).toBeNull();
  });
});
