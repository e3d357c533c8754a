import { createDoneCampaign } from "./data";
import { expect, expectAccessible, shot, signIn, test, withoutLiveStream } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";
import { createPrediction, waitForImages } from "./pages/generate-area";

test.use({ productName: "Gallery mug" });

/** The gallery's paged list calls (GET /api/predictions?limit=…). */
const galleryPages = (url: URL) => url.pathname === "/api/predictions" && url.searchParams.has("limit");

test("the gallery shows every product shot newest first at its own ratio, and opens one", async ({
  page,
  readyProduct: product,
}) => {
  await signIn(page);
  const stamp = Date.now();
  const wide = `on a desk by a window ${stamp}`;
  const tall = `on a wet city street at night ${stamp}`;
  const wideId = await createPrediction(page.request, product.id, wide, "16:9");
  await waitForImages(page.request, wideId);
  const tallId = await createPrediction(page.request, product.id, tall, "9:16");
  const tallImages = await waitForImages(page.request, tallId);

  const gallery = new GalleryPage(page);
  await gallery.goto();
  await expect(gallery.link(tall)).toBeVisible();
  const prompts = await gallery.prompts();
  expect(prompts.indexOf(tall)).toBeGreaterThanOrEqual(0);
  expect(prompts.indexOf(tall)).toBeLessThan(prompts.indexOf(wide));

  // Thumbnails at their own ratio, with product name and date.
  const wideImage = gallery.card(wide).getByRole("img", { name: wide });
  const tallImage = gallery.card(tall).getByRole("img", { name: tall });
  await expect(wideImage).toBeVisible();
  await expect(tallImage).toBeVisible();
  const w = (await wideImage.boundingBox())!;
  const t = (await tallImage.boundingBox())!;
  expect(w.width / w.height).toBeCloseTo(16 / 9, 1);
  expect(t.height / t.width).toBeCloseTo(16 / 9, 1);
  await expect(gallery.card(wide).getByText(product.name, { exact: true })).toBeVisible();
  // Times read in the viewer's own zone, with no note for developers about the service's zone.
  await expect(page.getByText(/as UTC/)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery"), fullPage: false });

  // A phone's width: two a row (as the share page), nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(tallImage).toBeVisible();
  // The grid lays itself out again a frame after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const narrow = (await gallery.card(tall).boundingBox())!;
  expect(narrow.width).toBeGreaterThan(150);
  expect(narrow.width).toBeLessThan(375 / 2);
  await page.screenshot({ ...shot("gallery-375"), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The keyboard opens a card: its link is the prompt.
  await gallery.link(tall).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/predictions/${tallId}$`));
  await expect(page.getByRole("heading", { level: 1, name: tall })).toBeVisible();
  // Every image of the prediction full size (the service may give several), each with its download.
  await expect(page.getByRole("main").getByRole("img", { name: tall })).toHaveCount(tallImages.length);
  await expect(page.getByRole("main").getByRole("img", { name: tall }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: product.name, exact: true })).toHaveAttribute(
    "href",
    `/products/${product.id}`,
  );
  await expect(page.getByText("9:16 Vertical")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download/ })).toHaveCount(tallImages.length);
  await expectAccessible(page);
  await page.screenshot(shot("prediction-detail"));
});

test("a shot still generating keeps its box while its image arrives", async ({
  page,
  service,
  readyProduct: product,
}) => {
  await signIn(page);
  const prompt = `on a picnic blanket ${Date.now()}`;
  // A stalled prediction stays processing until this test lets its image "arrive" (an image of
  // an earlier shot, put into the app's answer), so the moment is the test's, not the timer's.
  await service.post("/stall", { kind: "prediction" });
  const id = await createPrediction(page.request, product.id, prompt, "4:5");
  const recent = (await (await page.request.get("/api/predictions?limit=20")).json()) as {
    items: { images: string[] }[];
  };
  const done = recent.items.find((p) => p.images.length);
  expect(done, "an earlier shot with an image").toBeTruthy();
  // The gallery polls only the processing shots on screen, one by one: the image arrives there.
  let arrived = false;
  await page.route(`**/api/predictions/${id}`, async (route) => {
    const response = await route.fetch();
    const prediction = (await response.json()) as { id: string; images: string[] };
    await route.fulfill({ response, json: arrived ? { ...prediction, images: done!.images.slice(0, 1) } : prediction });
  });

  // The arrival is the test's own, seen by the page's asking (as while its live stream is down).
  await withoutLiveStream(page);
  const gallery = new GalleryPage(page);
  await gallery.goto();
  const card = gallery.card(prompt);
  await expect(card.getByText(/Generating…/)).toBeVisible();
  const before = (await card.boundingBox())!;
  // The placeholder is already drawn in the shot's 4:5 shape.
  const box = (await card
    .getByText(/Generating…/)
    .locator("..")
    .boundingBox())!;
  expect(box.height / box.width).toBeCloseTo(5 / 4, 1);
  await page.screenshot({ ...shot("gallery-processing"), fullPage: false });

  arrived = true;
  await expect(card.getByRole("img", { name: prompt })).toBeVisible({ timeout: 30_000 });
  const after = (await card.boundingBox())!;
  expect(Math.abs(after.height - before.height)).toBeLessThan(2);
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
  await expect(page.getByRole("status").getByText(/ready/i)).toBeVisible();
});

test("a campaign's link narrows the gallery to its shots and names it; removing the name shows every shot again", async ({
  page,
  api,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const outside = `on a shelf outside any campaign ${stamp}`;
  await waitForImages(api, await createPrediction(api, product.id, outside, "1:1"));
  const scene = `on a cafe table in the sun ${stamp}`;
  const campaign = await createDoneCampaign(api, {
    name: `Chip launch ${stamp}`,
    product_ids: [product.id],
    prompts: [scene],
    aspect_ratios: ["1:1"],
  });

  await signIn(page);
  const gallery = new GalleryPage(page);
  await gallery.goto(`?campaign_id=${campaign.id}`);
  await expect(gallery.campaignFilter).toHaveText(`Campaign: Chip launch ${stamp}`);
  await expect(gallery.link(scene)).toBeVisible();
  await expect(gallery.cards).toHaveCount(1);
  await expect(gallery.link(outside)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-campaign"), fullPage: false });

  await gallery.removeCampaign.click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(gallery.campaignFilter).toHaveCount(0);
  await expect(gallery.link(outside)).toBeVisible();
  await expect(gallery.link(scene)).toBeVisible();
});

test("the gallery says so when it is empty or cannot load", async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.route(galleryPages, (route) =>
    route.fulfill({ json: { items: [], next_cursor: null, total: 0, images: 0 } }),
  );
  const gallery = new GalleryPage(page);
  await gallery.goto();
  await expect(page.getByText("No product shots yet — create a product to start")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "New product" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("gallery-empty"));

  await page.unroute(galleryPages);
  await page.route(galleryPages, (route) =>
    route.fulfill({
      status: 503,
      json: { error: "Service Unavailable", message: "The image service is not answering." },
    }),
  );
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "The image service is not answering." })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await page.screenshot(shot("gallery-error"));
  consoleErrors.length = 0;
});

test("Refresh brings in shots made elsewhere with the same account", async ({ page, service, consoleErrors }) => {
  await signIn(page);
  const gallery = new GalleryPage(page);
  await gallery.goto();
  await expect(gallery.total).toBeVisible();
  const before = await gallery.totalCount();
  // Made outside this app: only the service's list knows them.
  await service.post("/seed", { count: 3 });
  const refresh = page.getByRole("button", { name: "Refresh" });
  await expect(async () => {
    await refresh.click();
    await expect(page.getByText("The gallery is up to date.")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => gallery.totalCount(), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 3);
  await expectAccessible(page);
  // A refresh moments after another read of the list is refused (429, said in a toast) and the
  // browser logs it; trying again is the point of this step.
  const refused = consoleErrors.filter((e) => e.includes("429"));
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused.includes(e)));
});
