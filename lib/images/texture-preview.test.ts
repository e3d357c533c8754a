import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readPreview, savePreview } from "@/lib/db/product-previews";
import { testDatabase } from "@/lib/db/testing";
import { TEXTURE_PREVIEW_PX, texturePreview, texturePreviewUrl } from "./texture-preview";

describe("a product's own preview from its first texture", () => {
  const t = testDatabase();

  it("is a small square WebP, kept in the database and read back byte for byte", async () => {
    const file = path.join(t.dataDir, "label.png");
    await writeFile(
      file,
      await sharp({ create: { width: 2000, height: 1200, channels: 3, background: "#2060a0" } })
        .png()
        .toBuffer(),
    );
    const webp = await texturePreview(file);
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: "webp", width: TEXTURE_PREVIEW_PX, height: TEXTURE_PREVIEW_PX });
    expect(webp.length).toBeLessThan(20_000);
    await savePreview("prd_1", webp);
    expect((await readPreview("prd_1"))?.equals(webp)).toBe(true);
    expect(await readPreview("prd_2")).toBeNull();
    expect(texturePreviewUrl("prd 1")).toBe("/api/products/prd%201/preview");
  });

  it("never enlarges a small texture", async () => {
    const file = path.join(t.dataDir, "tiny.png");
    await writeFile(
      file,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#a02020" } })
        .png()
        .toBuffer(),
    );
    expect((await sharp(await texturePreview(file)).metadata()).width).toBe(64);
  });
});
