import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { AppNavBar } from "./pages/app-nav";

// The top bar: the day's links in the bar, Admin and Account menus from 1024 px up; one "Menu"
// list below. Nothing of it may stick out of the window.

/** The right edge of every visible control of the bar lies inside the viewport. */
async function expectInside(page: Page, bar: AppNavBar) {
  const width = page.viewportSize()!.width;
  const controls = bar.nav.locator("a:visible, button:visible");
  const count = await controls.count();
  expect(count).toBeGreaterThan(2);
  for (let n = 0; n < count; n++) {
    const box = (await controls.nth(n).boundingBox())!;
    expect(box.x + box.width, `${await controls.nth(n).textContent()} ends inside ${width}px`).toBeLessThanOrEqual(
      width,
    );
  }
  expect(await bar.nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** The item the keyboard is on: the focused element, or the menu's active descendant. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const active = focused?.getAttribute("aria-activedescendant");
    return (active ? document.getElementById(active) : focused)?.textContent?.trim();
  });

async function expectMenuTargets(items: Locator) {
  for (let n = 0; n < (await items.count()); n++)
    expect((await items.nth(n).boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

test("at 1280 px the bar fits, with Admin and Account menus driven by the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const bar = new AppNavBar(page);
  await expect(bar.menuButton).toBeHidden();
  await expect(bar.nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  // Admin pages and account actions are in the menus, not the bar.
  await expect(bar.nav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  await expect(bar.nav.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expectInside(page, bar);

  // Admin: Enter opens it on its first item, arrows move, Escape closes back to the button.
  await bar.adminButton.focus();
  await page.keyboard.press("Enter");
  const admin = page.getByRole("menu", { name: "Admin" });
  await expect(admin).toBeVisible();
  await expect(bar.adminButton).toHaveAttribute("aria-expanded", "true");
  await expect(admin.getByRole("menuitem")).toHaveText(["Users", "Webhooks", "Activity"]);
  await expect.poll(() => focusedName(page)).toBe("Users");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedName(page)).toBe("Webhooks");
  await page.keyboard.press("End");
  await expect.poll(() => focusedName(page)).toBe("Activity");
  await expectAccessible(page);
  await page.screenshot({ ...shot("nav-1280-admin-open"), fullPage: false });
  await page.keyboard.press("Escape");
  await expect(admin).toBeHidden();
  await expect(bar.adminButton).toBeFocused();

  // Account: who is signed in, Usage, Settings, API keys, Change password, Sign out.
  await bar.accountButton.focus();
  await page.keyboard.press("ArrowDown");
  const account = page.getByRole("menu", { name: "Account" });
  await expect(account).toContainText("Signed in as admin@studio.test");
  await expect(account.getByRole("menuitem")).toHaveText([
    "Usage",
    "Settings",
    "API keys",
    "Change password",
    "Sign out",
  ]);
  await expectInside(page, bar);
  const menuBox = (await account.boundingBox())!;
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(1280);
  await expectAccessible(page);
  await page.screenshot({ ...shot("nav-1280-account-open"), fullPage: false });
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedName(page)).toBe("Settings");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedName(page)).toBe("API keys");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedName(page)).toBe("Change password");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/password$/);

  // Through the menu by pointer too.
  await bar.openAdminPage("Webhooks");
  await expect(page).toHaveURL(/\/webhooks$/);

  // At 1024 px the bar still holds in one row.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(bar.menuButton).toBeHidden();
  await expectInside(page, bar);
  await page.screenshot({ ...shot("nav-1024"), fullPage: false });
});

test("at 390 px the bar is one compact row; Menu opens every link with 44 px targets", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const bar = new AppNavBar(page);
  await expect(bar.menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(bar.nav.getByRole("link", { name: "Gallery" })).toBeHidden();
  await expect(bar.accountButton).toBeHidden();
  // The Menu's list is built when it opens: closed, not one of its elements is on the page.
  await expect(bar.nav.getByRole("region", { name: "Account", includeHidden: true })).toHaveCount(0);
  expect((await bar.nav.boundingBox())!.height).toBeLessThan(70);
  await expectInside(page, bar);
  await page.screenshot({ ...shot("nav-390"), fullPage: false });

  await bar.menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(bar.menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(bar.nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  await expect(bar.nav.getByRole("link", { name: /^Review/ })).toBeVisible();
  await expect(bar.nav.getByRole("region", { name: "Admin" }).getByRole("link")).toHaveText([
    "Users",
    "Webhooks",
    "Activity",
  ]);
  const account = bar.nav.getByRole("region", { name: "Account" });
  await expect(account).toContainText("admin@studio.test");
  await expect(account.getByRole("link")).toHaveText(["Usage", "Settings", "API keys", "Change password"]);
  await expect(bar.nav.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectMenuTargets(bar.nav.locator("a:visible, button:visible"));
  await expectInside(page, bar);
  await expectAccessible(page);
  // The bar grew; its height reaches the messages alone. Set as a style on the page's root, it
  // would restyle every element of the page (components/nav/use-app-bar-height.ts).
  expect(await page.evaluate(() => document.documentElement.getAttribute("style"))).toBeNull();
  await page.screenshot({ ...shot("nav-390-open"), fullPage: false });
  await page.keyboard.press("Escape");
  await expect(bar.menuButton).toHaveAttribute("aria-expanded", "false");

  await bar.menuButton.click();
  await bar.nav.getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { name: "Review queue" })).toBeVisible();
  await expect(bar.menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(
    page.getByRole("main").getByRole("img").or(page.getByText("Nothing waits for review")).first(),
  ).toBeVisible();
});
