import type { Page } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

test.use({ productName: "Unavailable bottle" });

// An image that cannot be loaded (its address gone, the service away) shows a clear placeholder
// in its box, an icon and "Image unavailable", on every page that draws shots: never the
// browser's broken-image glyph with the raw alt text under the card's checkbox. Here every
// thumbnail the pages ask for is answered 404, as the thumbnail route answers for a vanished image.

const THUMBS = "**/api/images/thumb?**";

async function failThumbnails(page: Page): Promise<void> {
  await page.route(THUMBS, (route) =>
    route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify({ error: "Not Found", message: "That image does not exist (any more)." }),
    }),
  );
}

/** Images on the page that the browser tried and could not draw (none may be left in view). */
const brokenImages = (page: Page) =>
  page
    .locator("main img")
    .evaluateAll(
      (imgs) =>
        imgs.filter(
          (img) =>
            (img as HTMLImageElement).complete &&
            (img as HTMLImageElement).currentSrc !== "" &&
            (img as HTMLImageElement).naturalWidth === 0,
        ).length,
    );

test("a shot whose image cannot be loaded shows a placeholder on the gallery, product page, review queue and dashboard", async ({
  page,
  readyProduct,
  predictions,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const shots = await predictions(2);
  await signIn(page);
  await failThumbnails(page);
  const unavailable = page.getByRole("main").getByRole("img", { name: /^Image unavailable/ });

  await page.goto("/gallery");
  const card = page.getByRole("article").filter({ hasText: shots[0].prompt });
  await expect(card.getByRole("img", { name: `Image unavailable: ${shots[0].prompt}` })).toBeVisible();
  await expect(card.getByText("Image unavailable")).toBeVisible();
  // The checkbox stays usable over the placeholder.
  await card.getByRole("checkbox", { name: `Select ${shots[0].prompt}` }).check();
  await expect(card.getByRole("checkbox", { name: `Select ${shots[0].prompt}` })).toBeChecked();
  expect(await brokenImages(page)).toBe(0);
  await expectAccessible(page);
  await page.screenshot(shot("image-unavailable-gallery"));

  await page.goto(`/products/${readyProduct.id}`);
  await expect(unavailable.first()).toBeVisible();
  expect(await brokenImages(page)).toBe(0);

  await page.goto("/review");
  await expect(unavailable.first()).toBeVisible();
  expect(await brokenImages(page)).toBe(0);
  await page.screenshot(shot("image-unavailable-review"));

  await page.goto("/");
  await expect(unavailable.first()).toBeVisible();
  expect(await brokenImages(page)).toBe(0);

  // Once the images can be fetched again, they show: nothing is remembered as broken.
  await page.unroute(THUMBS);
  await page.goto("/gallery");
  await expect(card.locator("img")).toBeVisible();
  await expect
    .poll(() => card.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(card.getByText("Image unavailable")).toHaveCount(0);

  // The browser reports each refused thumbnail on its console: expected here, and nothing else.
  const others = consoleErrors.filter(
    (text) => !/Failed to load resource: the server responded with a status of 404/.test(text),
  );
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
