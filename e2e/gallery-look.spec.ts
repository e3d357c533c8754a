import { readFileSync } from "node:fs";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";
import { createPrediction, waitForImages } from "./pages/generate-area";

test.use({ productName: "Look bottle" });

test("look at shots in the viewer, compare them side by side and take them away as a ZIP", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const stamp = Date.now();
  const shots = [
    { prompt: `look wide ${stamp}`, ratio: "16:9" as const },
    { prompt: `look square ${stamp}`, ratio: "1:1" as const },
    { prompt: `look tall ${stamp}`, ratio: "9:16" as const },
  ];
  let images = 0;
  for (const s of shots)
    images += (await waitForImages(page.request, await createPrediction(page.request, product.id, s.prompt, s.ratio)))
      .length;
  // The gallery counts images, as the review queue and the ZIP do (a shot holds 1 to 4).
  const imageWords = `${images} ${images === 1 ? "image" : "images"}`;
  // The selection bar counts the cards ticked, and their images when they hold more than one each.
  const selectedWords = images === 3 ? "3 shots selected" : `3 shots selected (${imageWords})`;

  // Only this journey's shots: found by the stamp in their prompts.
  const gallery = new GalleryPage(page);
  await gallery.goto(`?q=${stamp}`);
  await expect(gallery.total).toHaveText(imageWords);
  await expect(gallery.cards).toHaveCount(3);

  // Look: the viewer opens from a tile's own control, labelled by the prompt; ← → go through, + − zoom.
  const [tall, square, wide] = [shots[2], shots[1], shots[0]];
  const opener = gallery.openInViewer(tall.prompt);
  await opener.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog", { name: tall.prompt });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("img", { name: tall.prompt })).toBeVisible();
  await expect(viewer.getByText(/^1 \/ \d+$/)).toBeVisible();
  await page.keyboard.press("+");
  await expect(viewer.getByText("150%")).toBeVisible();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByText("200%")).toBeVisible();
  await page.keyboard.press("-");
  await expect(viewer.getByText("150%")).toBeVisible();
  await page.keyboard.press("0");
  await expect(viewer.getByText("100%")).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Download" })).toHaveAttribute("href", /^\/api\/images\/download\?/);
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-viewer"), fullPage: false });
  // Through the slides until the next shot (a shot may have several images).
  await expect(async () => {
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: square.prompt })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: tall.prompt })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(opener).toBeFocused();

  // Compare: select three, side by side with prompt, product and ratio.
  for (const s of shots) await gallery.checkbox(s.prompt).check();
  await expect(gallery.selection.getByText(selectedWords, { exact: true })).toBeVisible();
  await gallery.selection.getByRole("button", { name: "Compare" }).click();
  const compare = page.getByRole("dialog", { name: "Compare 3 images" });
  await expect(compare).toBeVisible();
  await expect(compare.getByRole("listitem")).toHaveCount(3);
  for (const s of [wide, square, tall]) {
    const item = compare.getByRole("listitem").filter({ hasText: s.prompt });
    await expect(item.getByRole("img", { name: s.prompt })).toBeVisible();
    await expect(item.getByText(product.name)).toBeVisible();
    await expect(item.getByText(new RegExp(`^${s.ratio} `))).toBeVisible();
  }
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-compare"), fullPage: false });
  await page.keyboard.press("Escape");
  await expect(compare).toBeHidden();

  // Take away: a ZIP of the selection, streamed by a real form post.
  const zipButton = gallery.selection.getByRole("button", { name: `Download ZIP (${imageWords})` });
  const downloadPromise = page.waitForEvent("download");
  await zipButton.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^product-studio-.+\.zip$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  for (const s of shots) expect(bytes.includes(Buffer.from(s.ratio.replace(":", "x")))).toBe(true);

  // Nothing selected, no bar; "Select all loaded" brings it back with every shot of the view.
  await gallery.selection.getByRole("button", { name: "Clear selection" }).click();
  await expect(gallery.selection).toBeHidden();
  await page.getByRole("button", { name: "Select all loaded" }).click();
  await expect(gallery.selection.getByText(selectedWords, { exact: true })).toBeVisible();
  await expect(gallery.selection.getByRole("button", { name: "Compare" })).toBeEnabled();
});
