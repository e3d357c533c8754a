import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test, type LocalServiceControl } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";

const AT_SCALE = 10_000;
/** The ceiling for image elements in the DOM, whatever the number of predictions. */
const MAX_IMAGES = 200;

async function galleryTotal(request: APIRequestContext): Promise<number> {
  return ((await (await request.get("/api/predictions?limit=1")).json()) as { total: number }).total;
}

/**
 * The journeys' app is shared by every journey of a run: seed only when it holds fewer than 10,000
 * (seeded shots are finished and months old, so the other journeys' new shots still come first).
 */
async function ensureTenThousand(request: APIRequestContext, service: LocalServiceControl) {
  if ((await galleryTotal(request)) >= AT_SCALE) return;
  await service.post("/seed", { count: AT_SCALE });
  // The gallery's index reads the service's list again in the background within seconds.
  await expect.poll(() => galleryTotal(request), { timeout: 30_000 }).toBeGreaterThanOrEqual(AT_SCALE);
}

const imageCount = (page: Page) => page.locator("img").count();

test("the gallery at 10,000 shots keeps at most ~200 images in the page while scrolling, and finds by prompt", async ({
  page,
  service,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await ensureTenThousand(page.request, service);

  const gallery = new GalleryPage(page);
  await gallery.goto();
  await expect(gallery.total).toBeVisible();
  // The count line is in images (a shot holds 1 to 4), so at least one per shot.
  const everything = await gallery.totalCount();
  expect(everything).toBeGreaterThanOrEqual(AT_SCALE);
  await expect(gallery.grid.getByRole("img").first()).toBeVisible();
  const opened = await imageCount(page);
  console.log(`gallery at ${await gallery.totalCount()} images: ${opened} <img> in the DOM after opening`);
  expect(opened).toBeGreaterThan(0);
  expect(opened).toBeLessThanOrEqual(MAX_IMAGES);
  await page.screenshot({ ...shot("gallery-10k"), fullPage: false });

  // Scroll down by wheel, then jump to the end of what is loaded again and again: each time the
  // next page arrives, later shots appear, and the DOM still holds only the rows on screen.
  let most = opened;
  let position = await gallery.lastPosition();
  for (let step = 0; step < 20; step++) {
    await page.mouse.wheel(0, 1_500);
    await page.waitForTimeout(100);
    most = Math.max(most, await imageCount(page));
  }
  await expect.poll(() => gallery.lastPosition()).toBeGreaterThan(position);
  for (let jump = 0; jump < 6; jump++) {
    position = await gallery.lastPosition();
    await page.keyboard.press("End");
    await expect.poll(() => gallery.lastPosition(), { timeout: 20_000 }).toBeGreaterThan(position);
    most = Math.max(most, await imageCount(page));
  }
  const reached = await gallery.lastPosition();
  console.log(`scrolled to shot ${reached}: at most ${most} <img> in the DOM on the way`);
  expect(reached).toBeGreaterThan(600);
  expect(most).toBeLessThanOrEqual(MAX_IMAGES);
  await expect(gallery.grid.getByRole("img").first()).toBeVisible();

  // Find: a prompt word, kept in the URL, restored by a reload.
  await page.keyboard.press("Home");
  await gallery.search.fill("misty");
  await expect(page).toHaveURL(/[?&]q=misty(&|$)/);
  await expect.poll(() => gallery.totalCount()).toBeLessThan(everything);
  const found = await gallery.totalCount();
  expect(found).toBeGreaterThan(0);
  for (const prompt of await gallery.prompts()) expect(prompt.toLowerCase()).toContain("misty");
  await page.reload();
  await expect(gallery.search).toHaveValue("misty");
  await expect(gallery.total).toHaveText(`${found.toLocaleString("en-US")} images`);
  await expect(gallery.grid.getByRole("img").first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-10k-search"), fullPage: false });

  // A phone: two a row, filters folded into a bottom sheet, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("button", { name: "Filters", exact: true })).toBeVisible();
  await expect(page.getByLabel("Sort")).toBeHidden();
  // The grid lays itself out again a frame after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ ...shot("gallery-10k-375"), fullPage: false });
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Filters" }).getByLabel("Sort")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(gallery.search).toHaveValue("");
  expect(await imageCount(page)).toBeLessThanOrEqual(MAX_IMAGES);
  await page.screenshot({ ...shot("gallery-10k-375-filters"), fullPage: false });
});
