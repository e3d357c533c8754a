import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";

// A keyboard user ticks shots in the gallery and reaches what can be done with them (Share,
// Download…) in a few key presses, not by tabbing through every card that follows.

test.use({ productName: "Keys bottle" });

/**
 * Key presses from the focus until it is inside `bar`: Tab, and Enter on a control that offers to
 * go to the selection's actions. Infinity when not reached within `limit` presses.
 */
async function pressesInto(page: Page, bar: Locator, limit = 150): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    const focused = page.locator(":focus");
    const offer = (await focused.count()) > 0 && /^Go to the actions/.test((await focused.textContent()) ?? "");
    await page.keyboard.press(offer ? "Enter" : "Tab");
    if (await bar.evaluate((element) => element.contains(document.activeElement))) return presses;
  }
  return Infinity;
}

test("ticked shots' actions are a few key presses away, from a card and from Select all", async ({
  page,
  predictions,
}) => {
  test.setTimeout(120_000);
  const stamp = `slate${Date.now()}`;
  await predictions(8, { prompt: `keys on a shelf ${stamp}` });
  await signIn(page);
  const gallery = new GalleryPage(page);
  await gallery.goto(`?q=${stamp}`);
  await expect(gallery.cards).toHaveCount(8);

  // Tick the third card with the keyboard; cards after it hold three stops each.
  const third = gallery.grid.getByRole("checkbox").nth(2);
  await third.click();
  await expect(third).toBeFocused();
  await expect(gallery.selection).toContainText("1 shot selected");
  expect(await pressesInto(page, gallery.selection)).toBeLessThanOrEqual(2);
  await expect(gallery.selection.getByRole("button", { name: /Share/ }).first()).toBeVisible();

  // Select all loaded: the actions follow it directly.
  await page.getByRole("button", { name: "Select all loaded" }).click();
  await expect(gallery.selection).toContainText("8 shots selected");
  expect(await pressesInto(page, gallery.selection)).toBeLessThanOrEqual(1);
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/day-shots/selection-keys-laptop.png" });
});
