import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";
import { createPrediction, waitForImages } from "./pages/generate-area";

test.use({ productName: "Export jar" });

test("export for the channel: a ZIP of Instagram portrait images, only offered where the ratio fits", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const stamp = Date.now();
  const portraits = [`export portrait a ${stamp}`, `export portrait b ${stamp}`];
  let images = 0;
  for (const prompt of portraits)
    images += (await waitForImages(page.request, await createPrediction(page.request, product.id, prompt, "4:5")))
      .length;
  images += (
    await waitForImages(page.request, await createPrediction(page.request, product.id, `export wide ${stamp}`, "16:9"))
  ).length;

  const gallery = new GalleryPage(page);
  await gallery.goto(`?q=${stamp}`);
  await expect(gallery.total).toHaveText(`${images} images`);
  await expect(gallery.cards).toHaveCount(3);
  const size = gallery.selection.getByLabel("Size for");

  // A wide shot and a portrait together: no channel size fits both, so only the original is offered.
  await gallery.checkbox(`export wide ${stamp}`).check();
  await gallery.checkbox(portraits[0]).check();
  await expect(size.getByRole("option")).toHaveText(["Original size"]);
  await gallery.checkbox(`export wide ${stamp}`).uncheck();
  await gallery.checkbox(portraits[1]).check();
  await expect(size.getByRole("option")).toHaveText(["Original size", "Instagram portrait (1080 × 1350)"]);

  await size.selectOption({ label: "Instagram portrait (1080 × 1350)" });
  await gallery.selection.getByLabel("File format").selectOption({ label: "JPEG" });
  await expectAccessible(page);
  await page.screenshot({ ...shot("export-zip-choice"), fullPage: false });
  const downloadPromise = page.waitForEvent("download");
  await gallery.selection.getByRole("button", { name: /^Download ZIP/ }).click();
  const download = await downloadPromise;

  const dir = mkdtempSync(path.join(tmpdir(), "export-e2e-"));
  const zip = path.join(dir, "shots.zip");
  await download.saveAs(zip);
  execFileSync("unzip", ["-q", zip, "-d", path.join(dir, "out")]);
  const files = readdirSync(path.join(dir, "out"));
  expect(files.length).toBeGreaterThanOrEqual(2);
  for (const file of files) {
    expect(file).toMatch(/-instagram-portrait-\d+\.jpg$/);
    const meta = await sharp(readFileSync(path.join(dir, "out", file))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1080, 1350]);
  }
});
