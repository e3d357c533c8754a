import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import {
  createDoneCampaign,
  createPrediction,
  createProductThroughApi,
  waitForCampaign,
  waitForImages,
  type CampaignBody,
} from "./data";
import { CampaignProgressPage, NewCampaignForm } from "./pages/campaign-page";
import { ReviewQueuePage } from "./pages/review-queue-page";

// A launch's shots in one go: products chosen on the Products page (one of them untrained), two
// scenes and two channels; the campaign trains the untrained product first, makes every shot with
// no one waiting on it, and its shots are reviewed and downloaded as one.

test.use({ productName: "Launch kettle" });

/** Nothing on the page is wider than the window. */
async function expectNoSideScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Every visible button and button-like link of `scope` is a finger's size. */
async function expectTouchTargets(scope: Locator) {
  const targets = scope.locator(
    "button:visible, a[class*='rounded-md']:visible, label:has(input[type=radio]):visible, label:has(input[type=checkbox]):visible",
  );
  const count = await targets.count();
  expect(count).toBeGreaterThan(3);
  for (let n = 0; n < count; n++) {
    const box = (await targets.nth(n).boundingBox())!;
    expect(box.height, `${await targets.nth(n).textContent()} is 44 px tall`).toBeGreaterThanOrEqual(44);
  }
}

test("a campaign from the Products page: trains the new product first, fills its grid, then is reviewed and downloaded", async ({
  page,
  api,
  launchProducts,
}) => {
  test.setTimeout(180_000);
  const untrained = launchProducts[2];
  const stamp = untrained.name.split(" ").at(-2)!;
  // A shot of the same product outside the campaign: the campaign's review queue leaves it out.
  const outside = `outside the campaign ${stamp}`;
  await waitForImages(api, await createPrediction(api, launchProducts[0].id, outside, "1:1"));
  await signIn(page);

  // Campaigns, from the bar: the list (or what a campaign is, before the first one).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "New campaign" }).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("campaigns-list-before"));

  // Products page: three cards of this journey, chosen by their checkboxes.
  await page.goto(`/products?q=${encodeURIComponent(stamp)}`);
  const grid = page.getByRole("list", { name: "Products" });
  await expect(grid.getByRole("listitem")).toHaveCount(3);
  for (const product of launchProducts) await page.getByRole("checkbox", { name: `Select ${product.name}` }).check();
  const bar = page.getByRole("group", { name: "Selected products" });
  await expect(bar).toContainText("3 selected");
  await expectAccessible(page);
  await page.screenshot({ ...shot("campaign-products-selected"), fullPage: false });
  await bar.getByRole("link", { name: "New campaign" }).click();

  // The form holds the three products; two scenes and two channels make 12 shots.
  const form = new NewCampaignForm(page);
  await expect(form.heading).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/new\?product_ids=/);
  await expect(form.chips).toHaveCount(3);
  await expect(form.chips.filter({ hasText: untrained.name })).toContainText("trains first");
  const name = `Spring launch ${stamp}`;
  await form.name.fill(name);
  const scenes = [`on a marble counter ${stamp}`, `in a spring garden ${stamp}`];
  for (const scene of scenes) await form.addScene(scene);
  await form.channel("Instagram portrait").check();
  await form.channel("Web hero").check();
  await expect(form.summary).toHaveText(
    /^12 shots · 1 product must be trained first \(about 20 min\) · (about \d+ min|less than a minute) at the service's recent pace$/,
  );
  await expectAccessible(page);
  await page.screenshot(shot("campaign-new-form"));
  await form.start.click();

  // The progress page: the untrained product trains first while the others' shots are made.
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-f]+$/);
  const id = page.url().split("/").at(-1)!;
  const progress = new CampaignProgressPage(page);
  await expect(progress.heading).toHaveText(name);
  await expect(
    progress
      .product(untrained.name)
      .getByText(/^(Waiting for training|Training)$/)
      .first(),
  ).toBeVisible();
  await expect(
    progress
      .product(untrained.name)
      .getByText(/^(Checking its training|Training)/)
      .first(),
  ).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("columnheader", { name: "4:5 · Instagram portrait" }).first(),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("columnheader", { name: "16:9 · Web hero" }).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("campaign-progress-training"));

  // Done: every cell shows its shot, each product's four.
  await expect(progress.status).toHaveText("Status: Done", { timeout: 120_000 });
  await expect(progress.progress).toHaveText("12 of 12 ready");
  for (const product of launchProducts) await expect(progress.doneShots(product.name)).toHaveCount(4);
  await expect(progress.product(untrained.name)).toContainText("Trained");
  await expect(progress.button("Pause")).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot(shot("campaign-progress-done"));

  // The list names it with its progress.
  await page.getByRole("link", { name: "All campaigns" }).click();
  const line = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem").filter({ hasText: name });
  await expect(line).toContainText("12 of 12 ready");
  await expect(line).toContainText("Status: Done");
  await expectAccessible(page);
  await page.screenshot(shot("campaigns-list"));
  await line.getByRole("link", { name }).click();
  await expect(progress.heading).toHaveText(name);

  // Review these shots: the queue holds this campaign's images only.
  const campaign = await waitForCampaign(api, id, "done");
  const images = campaign.cells.reduce((sum, cell) => sum + cell.images, 0);
  await progress.reviewLink.click();
  await expect(page).toHaveURL(new RegExp(`/review\\?campaign_id=${id}$`));
  const queue = new ReviewQueuePage(page);
  await expect(queue.heading).toBeVisible();
  await expect(queue.awaiting).toHaveText(`${images} images await review`);
  // The image shown is one of this campaign's scenes.
  await expect(queue.image).toHaveAttribute("alt", new RegExp(`^(${scenes.join("|")})`));
  await page.screenshot({ ...shot("campaign-review-queue"), fullPage: false });

  // Download all (ZIP): a folder per product, and in each a folder per output.
  await page.goBack();
  await expect(progress.heading).toHaveText(name);
  const downloading = page.waitForEvent("download");
  await progress.downloadAll.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-all\.zip$/);
  const dir = mkdtempSync(path.join(tmpdir(), "campaign-e2e-"));
  const zip = path.join(dir, "campaign.zip");
  await download.saveAs(zip);
  const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
  const folders = new Set(entries.map((entry) => entry.split("/").slice(0, 2).join("/")));
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  expect([...folders].sort()).toEqual(
    launchProducts.flatMap((p) => [`${slug(p.name)}/instagram-portrait`, `${slug(p.name)}/web-hero`]).sort(),
  );
  // Each channel has a ratio of its own here, so each image is in one folder.
  expect(entries).toHaveLength(images);

  // With its images awaiting review (a count beside Review), the bar with Campaigns holds at 1024 px.
  await page.setViewportSize({ width: 1024, height: 768 });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /^Review \d+ awaiting$/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Campaigns" })).toBeVisible();
  const account = (await nav.getByRole("button", { name: "Account" }).boundingBox())!;
  expect(account.x + account.width).toBeLessThanOrEqual(1024);
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ ...shot("campaign-nav-1024"), fullPage: false });
});

test("the form says what is missing, and over the most a campaign may make it says so and does not start", async ({
  page,
  api,
  product,
}) => {
  test.setTimeout(120_000);
  // A second product of the same name and more: the filter below matches both.
  await createProductThroughApi(api, `${product.name} bis`);
  await signIn(page);
  // Every product matching the Products page's filter, handed over as the filter itself.
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  await page.getByRole("button", { name: "Select all 2 matching this filter" }).click();
  const bar = page.getByRole("group", { name: "Selected products" });
  await expect(bar).toContainText("2 selected (all matching the filter)");
  await bar.getByRole("link", { name: "New campaign" }).click();
  const form = new NewCampaignForm(page);
  await expect(form.heading).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/new\?products_filter=q%3D/);
  await expect(page.getByRole("group", { name: "Products from the filter" })).toContainText(
    `All 2 products named “${product.name}”`,
  );
  await page.screenshot({ ...shot("campaign-new-from-filter"), fullPage: false });
  await expect(form.summary).toHaveText(
    "Choose at least one product, one scene and one output to see how many shots this campaign makes.",
  );

  // Start with nothing else chosen: the first thing missing, in words, with the focus on it.
  await form.start.click();
  await expect(form.problem).toContainText("Name the campaign");
  await expect(form.problem).toBeFocused();

  // 2 products × 36 scenes × 7 ratios × 4 variations = 2,016 shots: over the 2,000 a campaign may make.
  await form.name.fill(`Too big ${product.name}`);
  await expect(form.problem).toHaveCount(0);
  for (let n = 1; n <= 36; n++) await form.addScene(`scene ${n} of a very large launch`);
  for (const ratio of ["16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16"]) await form.ratio(ratio).check();
  await form.variations(4).check();
  await expect(form.summary).toHaveText(
    /^This campaign would make 2,016 shots; a campaign can make at most 2,000\. Choose fewer/,
  );
  await expect(form.start).toBeDisabled();
  await expectAccessible(page);
  await page.screenshot({ ...shot("campaign-new-over-max"), fullPage: false });

  // One variation fewer: 1,512 shots, both products trained first, and it may start.
  await form.variations(3).check();
  await expect(form.summary).toHaveText(/^1,512 shots · 2 products must be trained first \(about 20 min\) · /);
  await expect(form.start).toBeEnabled();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, productName: "Phone kettle" });

  test("the campaign's page and the new-campaign form fit 390 px, with 44 px targets", async ({
    page,
    api,
    readyProduct,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const stamp = readyProduct.name.split(" ").at(-1)!;
    const campaign: CampaignBody = await createDoneCampaign(api, {
      name: `Phone launch ${stamp}`,
      // A product the service does not know: skipped, its shots failed with the service's words.
      product_ids: [readyProduct.id, "prd_0000000000000000"],
      prompts: [`on a windowsill at dawn, soft light ${stamp}`, `beside a stack of books ${stamp}`],
      aspect_ratios: ["1:1"],
      channels: ["story", "web-hero"],
      variations: 2,
    });

    const progress = new CampaignProgressPage(page);
    await page.goto(`/campaigns/${campaign.id}`);
    await expect(progress.status).toHaveText("Status: Done");
    await expect(progress.doneShots(readyProduct.name)).toHaveCount(12);
    await expect(progress.progress).toHaveText("12 of 24 ready · 12 failed");
    const unknown = progress.product("Product made outside this app");
    await expect(unknown.getByText(/^Skipped: /)).toBeVisible();
    const failed = unknown.getByText(/^Scene 1, 16:9, variation 1: failed\. Not sent: /);
    await expect(failed).toHaveCount(1);
    await expect(progress.button(/^Retry 12 failed shots$/)).toBeVisible();
    await expectNoSideScroll(page);
    // The grid is wider than the phone: it scrolls in its own box, which stays inside the screen.
    const table = page.getByRole("region", { name: `Shots of ${readyProduct.name}` });
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectTouchTargets(page.getByRole("main"));
    await expectAccessible(page);
    await page.screenshot(shot("campaign-progress-phone"));
    // A failed shot's reason shows to the keyboard as to the pointer.
    await failed.locator("..").focus();
    await page.screenshot({ ...shot("campaign-failed-reason-phone"), fullPage: false });

    const form = new NewCampaignForm(page);
    await form.goto(`?product_ids=${readyProduct.id}`);
    await expect(form.chips).toHaveCount(1);
    await form.name.fill(`Phone draft ${stamp}`);
    await form.addScene(`on a picnic blanket ${stamp}`);
    await form.channel("Story").check();
    await form.ratio("1:1").check();
    await form.variations(3).check();
    await expect(form.summary).toHaveText(/^6 shots · /);
    await expectNoSideScroll(page);
    await expectTouchTargets(page.getByRole("main"));
    await expectAccessible(page);
    await page.screenshot(shot("campaign-new-form-phone"));
  });
});
