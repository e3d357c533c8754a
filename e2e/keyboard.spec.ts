import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { createPrediction, readyProduct, waitForImages } from "./pages/generate-area";

// Keyboard only: Tab, Shift+Tab, Enter, Space and the arrow keys; typing where a person types.
// After each action, focus must land on its outcome, never drop to the page.

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has focus (at most `max` times), as a person walks the page. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let n = 0; n < max; n++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("generating from a product page with the keyboard alone: focus lands on the result", async ({ page }) => {
  test.setTimeout(120_000);
  const product = await readyProduct(page.request, `Keyboard bottle ${Date.now()}`);
  await page.goto(`/products/${encodeURIComponent(product.id)}`);
  const prompt = page.getByLabel("Prompt");
  await expect(prompt).toBeVisible();

  await tabTo(page, prompt);
  const words = `on a linen tablecloth at dusk ${Date.now()}`;
  await page.keyboard.type(words);

  // "How many": the focused segment wears a dark ring set apart from it, never the filled look of
  // the chosen one.
  const one = page.getByRole("radio", { name: "One ratio" });
  await tabTo(page, one);
  const ring = await one.evaluate((input) => {
    const label = input.closest("label")!;
    const style = getComputedStyle(label);
    return {
      outline: style.outlineStyle,
      offset: style.outlineOffset,
      outlineColor: style.outlineColor,
      fill: style.backgroundColor,
    };
  });
  expect(ring.outline).toBe("solid");
  expect(ring.offset).toBe("2px");
  expect(ring.outlineColor).not.toBe(ring.fill);
  await page.screenshot(shot("keyboard-how-many-focus"));

  const generate = page.getByRole("button", { name: "Generate", exact: true });
  await tabTo(page, generate);
  await page.keyboard.press("Enter");
  const result = page.getByRole("group", { name: "Generate result" });
  await expect(result).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Generate result");
  await expect(result.getByRole("status")).toContainText(words);
  // Once the images arrive, the result says how many the service returned.
  await expect(result.getByRole("status")).toContainText(/Ready: \d+ images?/, { timeout: 60_000 });
  await expectAccessible(page);
  await page.screenshot(shot("keyboard-generated"));
});

test("reviewing an image with the keyboard alone: approve keeps focus, a comment's status takes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const product = await readyProduct(page.request, `Keyboard review ${Date.now()}`);
  const id = await createPrediction(page.request, product.id, `keyboard review ${Date.now()}`, "1:1");
  const images = await waitForImages(page.request, id);
  await page.goto(`/predictions/${encodeURIComponent(id)}`);
  const panel = page.getByRole("region", {
    name: images.length > 1 ? "Review of image 1 of " + images.length : "Review",
  });
  const suffix = images.length > 1 ? ` image 1 of ${images.length}` : "";

  const approve = panel.getByRole("button", { name: `Approve${suffix}` });
  await tabTo(page, approve, 80);
  await page.keyboard.press("Space");
  await expect(approve).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByText("Approved", { exact: true })).toBeVisible();
  await expect(approve).toBeFocused();

  const comment = panel.getByRole("textbox", { name: /Comment/ });
  await tabTo(page, comment);
  await page.keyboard.type("Lighting works; crop a little tighter.");
  await page.keyboard.press("Tab");
  await expect(
    panel.getByRole("button", { name: `Add comment${suffix.replace(" image", " on image")}` }),
  ).toBeFocused();
  await page.keyboard.press("Enter");
  const status = panel.getByRole("status").filter({ hasText: "Comment added" });
  await expect(status).toBeFocused();
  await expect(panel.getByText("Lighting works; crop a little tighter.")).toBeVisible();
  await expect(comment).toHaveValue("");
  await expectAccessible(page);
  await page.screenshot(shot("keyboard-reviewed"));
});
