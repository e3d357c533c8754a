import type { Page, Route } from "@playwright/test";
import { createDoneCampaign, createPrediction, settleInstallation, waitForImages } from "./data";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { ReviewQueuePage } from "./pages/review-queue-page";

// Review on the prediction page (who and when in the history), the dashboard's count, and the
// review queue driven by its keyboard shortcuts until it is empty.

test.use({ productName: "Review bottle" });

async function awaitingOnDashboard(page: Page): Promise<number> {
  await page.goto("/");
  const link = page.getByRole("link", { name: /images? awaits? review/ });
  await expect(link).toBeVisible();
  const count = /^([\d,]+|No)/.exec((await link.textContent()) ?? "")?.[1] ?? "";
  return count === "No" ? 0 : Number(count.replaceAll(",", ""));
}

test("approve, reject, star and comment an image; the history says who and when; the dashboard counts", async ({
  page,
  api,
  service,
  predictions,
}) => {
  test.setTimeout(120_000);
  const [{ id, images }] = await predictions(1, { prompt: `on a linen tablecloth ${Date.now()}` });
  await signIn(page);
  // The dashboard counts the whole installation: once nothing is being made and the gallery has
  // read everything, the changes below are this test's own.
  await settleInstallation(api, service);
  const before = await awaitingOnDashboard(page);
  expect(before).toBeGreaterThanOrEqual(images.length);

  await page.goto(`/predictions/${id}`);
  const panel = page.getByRole("region", {
    name: images.length > 1 ? `Review of image 1 of ${images.length}` : "Review",
  });
  await expect(panel.getByText("Not reviewed yet")).toBeVisible();
  const suffix = images.length > 1 ? ` image 1 of ${images.length}` : "";
  const approve = panel.getByRole("button", { name: `Approve${suffix}` });
  const reject = panel.getByRole("button", { name: `Reject${suffix}` });
  const star = panel.getByRole("button", { name: `Star${suffix}` });

  await approve.click();
  await expect(approve).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("status").getByText(/You approved/)).toBeVisible();
  expect(await awaitingOnDashboard(page)).toBe(before - 1);

  await page.goto(`/predictions/${id}`);
  // Reject replaces approve: they are mutually exclusive.
  await reject.click();
  await expect(reject).toHaveAttribute("aria-pressed", "true");
  await expect(approve).toHaveAttribute("aria-pressed", "false");
  await expect(panel.getByText("Rejected", { exact: true })).toBeVisible();
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByText("Starred", { exact: true })).toBeVisible();

  await panel.getByRole("button", { name: /Add comment/ }).click();
  await expect(panel.getByText("Write a comment")).toBeVisible();
  await expect(panel.getByLabel(/Comment/)).toHaveAccessibleDescription("Write a comment");
  await panel.getByLabel(/Comment/).fill("Lovely light, but crop tighter.");
  await panel.getByRole("button", { name: /Add comment/ }).click();
  const history = panel.getByRole("list", { name: /Review history/ });
  await expect(history.getByRole("listitem")).toHaveCount(4);
  await expect(history.getByRole("listitem").first()).toContainText("admin@studio.test commented");
  await expect(history.getByText("“Lovely light, but crop tighter.”")).toBeVisible();
  for (const words of ["approved", "rejected", "starred"]) {
    await expect(history.getByText(new RegExp(`admin@studio\\.test ${words} · \\w+`))).toHaveCount(1);
  }
  await expect(panel.getByLabel(/Comment/)).toHaveValue("");
  await expectAccessible(page);
  await page.screenshot(shot("review-prediction"));

  // Pressing the current state again clears it: the image waits for review again.
  await reject.click();
  await expect(panel.getByText("Not reviewed yet")).toBeVisible();
  // A slip is taken back with Undo beside the buttons: rejected again, the clearing struck through.
  await panel.getByRole("button", { name: /^Undo/ }).click();
  await expect(reject).toHaveAttribute("aria-pressed", "true");
  // Five lines now: the history folds away; opened, it shows the clearing struck through.
  await panel.getByText(/^History \(5\)/).click();
  await expect(history.getByText("(undone)")).toHaveCount(1);
  await reject.click();
  await expect(panel.getByText("Not reviewed yet")).toBeVisible();
  expect(await awaitingOnDashboard(page)).toBe(before);
  await page.screenshot(shot("review-dashboard-count"));
});

test("the review queue: one image at a time, keyboard shortcuts, skip, and the empty state", async ({
  page,
  predictions,
}) => {
  test.setTimeout(120_000);
  const ids = (await predictions(2, { ratio: ["16:9", "4:5"], prompt: `queue shot ${Date.now()}` })).map((p) => p.id);
  await signIn(page);

  // The shared service may hold thousands of other unreviewed shots: the queue is narrowed to
  // this journey's, built from the app's own answers (the images it has not approved or rejected).
  await page.route("**/api/reviews/queue*", async (route: Route) => {
    const items = [];
    for (const id of ids) {
      const prediction = await (await page.request.get(`/api/predictions/${id}`)).json();
      const reviews = await (await page.request.get(`/api/predictions/${id}/reviews`)).json();
      for (const image of reviews.images as { image_index: number; url: string; status: string | null }[]) {
        if (image.status === null) items.push({ prediction, image_index: image.image_index, image_url: image.url });
      }
    }
    await route.fulfill({ json: { items, next_cursor: null, total: items.length, products: [] } });
  });

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Review/ })
    .click();
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();
  const legend = page.getByRole("list", { name: "Keyboard shortcuts" });
  for (const key of ["A Approve", "R Reject", "S Star", "→ Skip"]) await expect(legend.getByText(key)).toBeVisible();
  const image = page.getByRole("main").getByRole("img");
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).currentSrc))
    .toContain("/api/images/thumb?");
  await expectAccessible(page);
  await page.screenshot(shot("review-queue"));

  const total =
    (await (await page.request.get(`/api/predictions/${ids[0]}`)).json()).images.length +
    (await (await page.request.get(`/api/predictions/${ids[1]}`)).json()).images.length;

  // S stars and keeps the image here; A approves it and moves on.
  let src = await image.getAttribute("src");
  await page.keyboard.press("s");
  await expect(page.getByRole("button", { name: /^Star/ })).toHaveAttribute("aria-pressed", "true");
  expect(await image.getAttribute("src")).toBe(src);
  await page.keyboard.press("a");
  await expect(image).not.toHaveAttribute("src", src!);

  // Typing a comment takes no shortcut: "a", "r" and "s" go into the text.
  for (let left = total - 1; left > 1; left--) {
    src = await image.getAttribute("src");
    const comment = page.getByLabel("Comment");
    await comment.fill("");
    await comment.pressSequentially("ars");
    await expect(comment).toHaveValue("ars");
    expect(await image.getAttribute("src")).toBe(src);
    await page.getByRole("button", { name: "Add comment" }).click();
    await expect(page.getByRole("list", { name: "Review history" }).getByText("“ars”")).toBeVisible();
    await page.keyboard.press(left % 2 ? "r" : "a");
    if (left % 2) {
      // R asks why, on this image: the typed reason and Enter send it, then the queue moves on.
      const reason = page.getByLabel(/^Why was it rejected\?/);
      await expect(reason).toBeFocused();
      expect(await image.getAttribute("src")).toBe(src);
      await page.keyboard.type("Too dark");
      await page.keyboard.press("Enter");
    }
    await expect(image).not.toHaveAttribute("src", src!);
  }

  // → skips the last one; it can be brought back and approved.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("You skipped the last image that wait for review.")).toBeVisible();
  await page.getByRole("button", { name: "Go through the skipped ones again" }).click();
  await page.keyboard.press("a");
  await expect(page.getByText("Nothing waits for review")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("review-queue-empty"));
});

test("a campaign's link narrows the queue to its images and names it; removing the name shows the whole queue", async ({
  page,
  api,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const outside = `on a windowsill outside any campaign ${stamp}`;
  const outsideImages = await waitForImages(api, await createPrediction(api, product.id, outside, "1:1"));
  const scene = `on a linen runner at dusk ${stamp}`;
  const campaign = await createDoneCampaign(api, {
    name: `Queue launch ${stamp}`,
    product_ids: [product.id],
    prompts: [scene],
    aspect_ratios: ["1:1"],
  });
  const images = campaign.cells.reduce((sum, cell) => sum + cell.images, 0);
  const awaits = (n: number) => (n === 1 ? "1 image awaits review" : `${n} images await review`);

  await signIn(page);
  const queue = new ReviewQueuePage(page);
  await queue.goto(`?campaign_id=${campaign.id}`);
  await expect(queue.campaignFilter).toHaveText(`Campaign: Queue launch ${stamp}`);
  await expect(queue.awaiting).toHaveText(awaits(images));
  await expect(queue.image).toHaveAttribute("alt", new RegExp(`^${scene}`));
  await expectAccessible(page);
  await page.screenshot({ ...shot("review-queue-campaign"), fullPage: false });

  await queue.removeCampaign.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(queue.campaignFilter).toHaveCount(0);
  // The whole queue again: this product's shot outside the campaign is in it too.
  await queue.chooseProduct(product.name);
  await expect(queue.awaiting).toHaveText(awaits(images + outsideImages.length));
});
