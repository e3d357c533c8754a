import type { Page } from "@playwright/test";
import { createPrediction, promptWithImages, waitForImages } from "./data";
import { expect, expectAccessible, signIn, test } from "./fixtures";

// A shot of four images on its own page: side by side on a laptop, each with compact review
// controls that still work; one column on a phone.

test.use({ productName: "Four-up bottle" });

/** The four images' boxes, once each is drawn. */
async function imageBoxes(page: Page) {
  const figures = page.getByRole("main").getByRole("figure");
  await expect(figures).toHaveCount(4);
  return Promise.all((await figures.all()).map(async (figure) => (await figure.boundingBox())!));
}

test("on a laptop a four-image shot is two rows of two, and each image's review works", async ({
  page,
  api,
  readyProduct,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  const prompt = promptWithImages(`four up on a walnut desk ${Date.now()}`, 4);
  const id = await createPrediction(api, readyProduct.id, prompt, "1:1");
  expect(await waitForImages(api, id)).toHaveLength(4);
  await signIn(page);
  await page.goto(`/predictions/${id}`);
  const boxes = await imageBoxes(page);
  // Side by side: images 1 and 2 share a row, 3 and 4 the next.
  expect(boxes[1].y).toBe(boxes[0].y);
  expect(boxes[1].x).toBeGreaterThan(boxes[0].x + boxes[0].width - 1);
  expect(boxes[3].y).toBe(boxes[2].y);
  expect(boxes[2].y).toBeGreaterThan(boxes[0].y);
  // Two rows, each a square image held to 60% of the window's height (480 px) with its download
  // and compact review (about 330 px once a history line shows), under the shot's heading and
  // facts (about 300 px): about 2,000 px. A column of four with full panels was about 4,500.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(2_200);

  // Each image's review: approve the third, star the fourth, comment on the second.
  const third = page.getByRole("region", { name: "Review of image 3 of 4" });
  await third.getByRole("button", { name: "Approve image 3 of 4" }).click();
  await expect(third.getByRole("button", { name: "Approve image 3 of 4" })).toHaveAttribute("aria-pressed", "true");
  await expect(third.getByText("Approved", { exact: true })).toBeVisible();
  const fourth = page.getByRole("region", { name: "Review of image 4 of 4" });
  await fourth.getByRole("button", { name: "Star image 4 of 4" }).click();
  await expect(fourth.getByRole("button", { name: "Star image 4 of 4" })).toHaveAttribute("aria-pressed", "true");
  const second = page.getByRole("region", { name: "Review of image 2 of 4" });
  await second
    .getByText(/^Comment/)
    .first()
    .click();
  await second.getByRole("textbox", { name: /Comment/ }).fill("Tighter crop, please.");
  await second.getByRole("button", { name: "Add comment on image 2 of 4" }).click();
  await expect(second.getByText("“Tighter crop, please.”")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/day-shots/shot-layout-laptop.png", fullPage: true });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a four-image shot is one column", async ({ page, api, readyProduct }) => {
    test.setTimeout(120_000);
    const prompt = promptWithImages(`four up on a phone ${Date.now()}`, 4);
    const id = await createPrediction(api, readyProduct.id, prompt, "1:1");
    await waitForImages(api, id);
    await signIn(page);
    await page.goto(`/predictions/${id}`);
    const boxes = await imageBoxes(page);
    for (const box of boxes.slice(1)) expect(box.x).toBe(boxes[0].x);
    for (const [i, box] of boxes.slice(1).entries()) expect(box.y).toBeGreaterThan(boxes[i].y + boxes[i].height - 1);
    await page.screenshot({ path: "/tmp/day-shots/shot-layout-phone.png", fullPage: true });
  });
});
