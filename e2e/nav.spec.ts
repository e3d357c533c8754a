import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

// At 375 px the navigation is one compact bar with a "Menu" disclosure button.

test("the navigation at 375 px: a compact bar, a keyboard-usable Menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeHidden();
  const bar = await nav.boundingBox();
  expect(bar!.height).toBeLessThan(70);
  await page.screenshot({ ...shot("nav-375"), fullPage: false });

  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Review/ })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ ...shot("nav-375-open"), fullPage: false });
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  await menu.click();
  await nav.getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { name: "Review queue" })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("main").getByRole("img").or(page.getByText("Nothing waits for review")).first()).toBeVisible();
  await page.screenshot(shot("review-queue-375"));

  // From 768 px up the links sit in the bar and the Menu button is gone.
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
});
