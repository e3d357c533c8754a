import type { Locator } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";
import { imageCount } from "../local-service/product-images";
import { createPrediction, createReadyProduct, waitForImages } from "./pages/generate-area";

// A product manager on a 390 × 844 phone: the gallery two a row, filters in a bottom sheet, a
// selection bar that stays in reach while scrolling, compare, and a link to exactly the shots picked.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const PHONE = { width: 390, height: 844 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "an element with a box").not.toBeNull();
  return found!;
}

test("on a phone: two a row, filters in a sheet, a bar that stays, share what was picked", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const stamp = Date.now();
  const product = await createReadyProduct(page.request, `Phone flask ${stamp}`);
  const name = `Phone flask ${stamp}`;
  // The first shot holds several images (the local service makes 1–4, by the prompt).
  let several = `flask on wet slate ${stamp}`;
  for (let n = 2; imageCount(several) < 2; n++) several = `flask on wet slate ${stamp} ${n}`;
  const shots = [
    { prompt: several, ratio: "1:1" },
    { prompt: `flask in a sunlit kitchen ${stamp}`, ratio: "4:5" },
    { prompt: `flask on a mountain trail ${stamp}`, ratio: "16:9" },
    { prompt: `flask beside a notebook ${stamp}`, ratio: "1:1" },
    { prompt: `flask in falling snow ${stamp}`, ratio: "9:16" },
  ] as const;
  const made = [];
  for (const s of shots) {
    const id = await createPrediction(page.request, product.id, s.prompt, s.ratio);
    made.push({ ...s, id, images: await waitForImages(page.request, id) });
  }
  // A reviewer approved and starred the first image of the first shot and rejected its second:
  // its card says how many of each, not "Approved" for the whole shot.
  for (const [image_index, action] of [
    [0, "approve"],
    [0, "star"],
    [1, "reject"],
  ] as const) {
    const review = await page.request.post(`/api/predictions/${made[0].id}/reviews`, { data: { image_index, action } });
    expect(review.status(), await review.text()).toBe(201);
  }

  const gallery = new GalleryPage(page);
  await gallery.goto(`?q=${stamp}`);
  const allImages = made.reduce((n, s) => n + s.images.length, 0);
  await expect(gallery.total).toHaveText(new RegExp(`^${allImages} images?$`));
  await expect(gallery.cards).toHaveCount(5);

  // Two a row: the first two cards side by side, each about half the screen.
  const [first, second, third] = [
    await box(gallery.cards.nth(0)),
    await box(gallery.cards.nth(1)),
    await box(gallery.cards.nth(2)),
  ];
  expect(second.y).toBe(first.y);
  expect(second.x).toBeGreaterThan(first.x + first.width);
  expect(third.y).toBeGreaterThan(first.y + first.height);
  for (const card of [first, second]) expect(card.width).toBeGreaterThan(150);
  expect(second.x + second.width).toBeLessThanOrEqual(PHONE.width);

  // Each card carries its ratio and review state in words (not colour alone).
  const approved = gallery.card(made[0].prompt);
  const n = made[0].images.length;
  // Each chip reads "✓ 1 of 2 approved" (the mark is hidden from screen readers).
  await expect(approved.getByText(`1 of ${n} approved`)).toBeVisible();
  await expect(approved.getByText(`1 of ${n} rejected`)).toBeVisible();
  await expect(approved.getByText(/^✓?Approved$/)).toHaveCount(0);
  await expect(approved.getByText("Starred")).toBeVisible();
  await expect(approved.getByText(`Ratio ${made[0].ratio}`)).toBeAttached();
  await expect(gallery.card(made[2].prompt).getByText("Ratio 16:9")).toBeAttached();
  await expect(gallery.card(made[2].prompt).getByText("Approved")).toHaveCount(0);
  const checkboxTarget = await box(gallery.checkbox(made[0].prompt).locator(".."));
  expect(Math.min(checkboxTarget.width, checkboxTarget.height)).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-phone-grid"), fullPage: false });

  // Filters open in a bottom sheet; the results stay put; closing it shows how many are on.
  await expect(gallery.filtersButton).toHaveAccessibleName("Filters");
  await gallery.filtersButton.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  const square = sheet.getByRole("button", { name: "1:1 Square" });
  expect((await box(square)).height).toBeGreaterThanOrEqual(44);
  await square.click();
  const squares = made.filter((s) => s.ratio === "1:1");
  const squareImages = squares.reduce((n, s) => n + s.images.length, 0);
  const show = sheet.getByRole("button", { name: `Show ${squareImages} ${squareImages === 1 ? "image" : "images"}` });
  await expect(show).toBeVisible();
  const sheetBox = await box(sheet);
  expect(sheetBox.y + sheetBox.height).toBeCloseTo(PHONE.height, 0);
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-phone-filters-sheet"), fullPage: false });
  await show.click();
  await expect(sheet).toBeHidden();
  await expect(gallery.filtersButton).toHaveAccessibleName("Filters, 1 on");
  await expect(gallery.cards).toHaveCount(squares.length);
  await gallery.filtersButton.click();
  await sheet.getByRole("button", { name: "1:1 Square" }).click();
  await sheet.getByRole("button", { name: /^Show \d+ images?$/ }).click();
  await expect(gallery.filtersButton).toHaveAccessibleName("Filters");
  await expect(gallery.cards).toHaveCount(5);

  // Select two and compare them; then a third.
  const picked = made.slice(0, 3);
  await expect(gallery.selection).toBeHidden();
  await gallery.checkbox(picked[0].prompt).check();
  await gallery.checkbox(picked[1].prompt).check();
  await gallery.selection.getByRole("button", { name: "Compare" }).click();
  const compare = page.getByRole("dialog", { name: /^Compare/ });
  await expect(compare).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(compare).toBeHidden();
  await gallery.checkbox(picked[2].prompt).check();
  const pickedImages = picked.reduce((n, s) => n + s.images.length, 0);
  // The cards ticked, and the images they hold (what a ZIP or a link gets): "3 shots selected (12 images)".
  const images = pickedImages === 3 ? "" : ` (${pickedImages} images)`;
  await expect(gallery.selection.getByText(`3 shots selected${images}`, { exact: true })).toBeVisible();
  // Compare takes two to four shots: with three it is still offered.
  await expect(gallery.selection.getByRole("button", { name: "Compare" })).toBeVisible();

  // The bar stays on screen wherever the page is scrolled, and never covers the last row.
  for (const y of [0, 10_000]) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    const bar = await box(gallery.selection);
    expect(bar.y).toBeGreaterThanOrEqual(0);
    expect(bar.y + bar.height).toBeLessThanOrEqual(PHONE.height + 0.5);
  }
  const bar = await box(gallery.selection);
  const lastCard = await box(gallery.cards.last());
  expect(lastCard.y + lastCard.height).toBeLessThanOrEqual(bar.y);
  for (const button of await gallery.selection.getByRole("button").all())
    expect((await box(button)).height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-phone-selection-bar"), fullPage: false });

  // Share exactly those three: the dialog names the product and counts the images.
  await gallery.selection.getByRole("button", { name: `Share selected (${pickedImages})` }).click();
  const dialog = page.getByRole("dialog", { name: "Share selected images" });
  const words = `${pickedImages} ${pickedImages === 1 ? "image" : "images"}`;
  await expect(dialog.getByText(`The link will show ${words} of ${name}`)).toBeVisible();
  await expect(dialog).not.toContainText(product.id);
  await dialog.getByLabel("Title (optional)").fill(`Phone picks ${stamp}`);
  // The client is to sign off: the maker says so (a link is read-only unless asked).
  await dialog.getByRole("switch", { name: "Client can approve and comment" }).check();
  await expectAccessible(page);
  await page.screenshot({ ...shot("gallery-phone-share-selected"), fullPage: false });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const field = dialog.getByLabel("Share link");
  await expect(field).toHaveValue(/^http:\/\/[^/]+\/share\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText(`The link shows ${words}`)).toBeVisible();
  const url = await field.inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();

  // Signed out, the link shows those three shots' images and nothing else.
  const stranger = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  expect(await stranger.cookies()).toEqual([]);
  const visitor = await stranger.newPage();
  await visitor.goto(url);
  const list = visitor.getByRole("list", { name: "Shared shots" });
  await expect(list.getByRole("listitem")).toHaveCount(pickedImages);
  const captions = new Set(await list.locator("figcaption").allInnerTexts());
  expect([...captions].sort()).toEqual(picked.map((s) => s.prompt).sort());
  const shared = (await (await stranger.request.get(url.replace("/share/", "/api/share/"))).json()) as {
    items: { id: string; images: string[] }[];
  };
  expect(shared.items.map((p) => p.id).sort()).toEqual(picked.map((s) => s.id).sort());
  await visitor.screenshot({ ...shot("gallery-phone-shared-link"), fullPage: false });

  // The client signs off on one image under the name they type; the team reads it in the history.
  await visitor.getByLabel("Your name").fill("Client Dana");
  await visitor.getByRole("button", { name: "Save name" }).tap();
  const firstImage = list.getByRole("listitem").first();
  await firstImage.getByRole("button", { name: "Approve image 1" }).tap();
  await expect(firstImage.getByRole("status")).toHaveText("Approved as Client Dana.");
  await stranger.close();
  // Exactly one of the picked shots holds the client's approval; its page shows it.
  const histories = await Promise.all(
    picked.map(async (s) => ({
      id: s.id,
      events: (
        (await (await page.request.get(`/api/predictions/${s.id}/reviews`)).json()) as {
          events: { via_link: string | null }[];
        }
      ).events,
    })),
  );
  const signedOff = histories.filter((h) => h.events.some((e) => e.via_link === "Client Dana"));
  expect(signedOff).toHaveLength(1);
  await page.goto(`/predictions/${signedOff[0].id}`);
  await expect(
    page
      .getByRole("list", { name: /Review history/ })
      .first()
      .getByText(/via link: Client Dana approved/),
  ).toBeVisible();

  // The same bar on a laptop: at the foot of the window, the cards four a row above it.
  const laptop = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  const desk = new GalleryPage(await laptop.newPage());
  await desk.goto(`?q=${stamp}`);
  for (const s of picked) await desk.checkbox(s.prompt).check();
  const deskBar = await box(desk.selection);
  expect(deskBar.y + deskBar.height).toBeLessThanOrEqual(900.5);
  expect((await box(desk.cards.nth(3))).y).toBe((await box(desk.cards.nth(0))).y);
  await expectAccessible(desk.page);
  await desk.page.screenshot({ ...shot("gallery-desktop-selection-bar"), fullPage: false });
  await laptop.close();
});
