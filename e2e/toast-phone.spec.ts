import type { Locator } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { ReviewQueuePage } from "./pages/review-queue-page";

// On a phone a message after an action leaves the app bar (the bell, Menu) and the review bar at
// the bottom uncovered: both stay usable while it shows.

test.use({ productName: "Toast bottle", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test("the message after approving covers neither the bell and Menu nor the review bar", async ({
  page,
  predictions,
  readyProduct,
}) => {
  test.setTimeout(120_000);
  const shots = await predictions(2);
  await signIn(page);
  const queue = new ReviewQueuePage(page);
  await queue.openWithImagesOf(
    readyProduct.name,
    shots.reduce((n, s) => n + s.images.length, 0),
  );
  await queue.button("Approve").click();
  const toast = queue.toast(/You approved/);
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-mounted", "true");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(bell).toBeVisible();
  expect(await overlaps(toast, bell)).toBe(false);
  expect(await overlaps(toast, menu)).toBe(false);
  expect(await overlaps(toast, queue.bar)).toBe(false);
  // The bell still answers a tap while the message shows.
  await bell.tap();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await page.screenshot({ path: "/tmp/day-shots/toast-phone.png" });
});
