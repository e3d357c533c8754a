import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { estimateJpegQuality, readQuantTables } from "./jpeg-quality";

// The estimate reads only the markers before the image data, from the first bytes of a file.

const image = sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 120, g: 90, b: 60 } } });

describe("estimateJpegQuality", () => {
  it.each([5, 10, 30, 50, 75, 90, 100])("finds quality %i from the tables libjpeg wrote", async (quality) => {
    const jpeg = await image.clone().jpeg({ quality }).toBuffer();
    expect(estimateJpegQuality(jpeg)).toBe(quality);
  });

  it("reads a greyscale JPEG's single table, and the first 2 KB are enough", async () => {
    const grey = await image.clone().toColourspace("b-w").jpeg({ quality: 40 }).toBuffer();
    expect(readQuantTables(grey).filter(Boolean)).toHaveLength(1);
    expect(estimateJpegQuality(grey.subarray(0, 2048))).toBe(40);
  });

  it("skips EXIF and other segments before the tables", async () => {
    const withExif = await image
      .clone()
      .withExif({ IFD0: { Copyright: "x".repeat(5000) } })
      .jpeg({ quality: 20 })
      .toBuffer();
    expect(estimateJpegQuality(withExif)).toBe(20);
  });

  it("answers null for what is not a JPEG, or is cut before its tables", async () => {
    expect(estimateJpegQuality(await image.clone().png().toBuffer())).toBeNull();
    expect(estimateJpegQuality(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00]))).toBeNull();
    expect(estimateJpegQuality(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0xff, 0xff]))).toBeNull();
    expect(estimateJpegQuality(new Uint8Array())).toBeNull();
  });
});
