import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { AppNavBar } from "./pages/app-nav";

// An admin invites a reviewer on the Users page and resets their password; the reviewer signs in
// with the one-time password, must choose their own first, sees no way to spend credits, and the
// API refuses them in words.

test("admin invites a reviewer who cannot create anything", async ({ page, context, consoleErrors }) => {
  const email = `reviewer-${Date.now()}@studio.test`;
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await new AppNavBar(page).openAdminPage("Users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("reviewer");
  await page.getByRole("button", { name: "Invite" }).click();
  const oneTime = page.getByLabel("One-time password");
  await expect(oneTime).toBeVisible();
  const password = (await oneTime.textContent())?.trim() ?? "";
  expect(password.length).toBeGreaterThanOrEqual(16);
  await page.getByRole("button", { name: "Copy password" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: email })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("users-invited"));

  // A throwaway editor: change the role, disable, then delete behind the confirmation dialog.
  const temp = `temp-${Date.now()}@studio.test`;
  await page.getByLabel("Email").fill(temp);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByLabel("Password (optional)").fill("temporary-pass-1");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("rowheader", { name: temp })).toBeVisible();
  await page.getByLabel(`Role of ${temp}`).selectOption("reviewer");
  await expect(page.getByText(`${temp} is now reviewer.`)).toBeVisible();
  await page.getByRole("button", { name: `Disable ${temp}` }).click();
  await expect(page.getByRole("button", { name: `Enable ${temp}` })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${temp}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${temp}?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("users-confirm-delete"));
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(page.getByRole("rowheader", { name: temp })).toHaveCount(0);

  // A reset gives a new one-time password; the invitation's stops working.
  await page.getByRole("button", { name: `Reset password of ${email}` }).click();
  await expect(page.getByText(`${email} has a new password.`, { exact: false })).toBeVisible();
  const reset = (await page.getByLabel("One-time password").textContent())?.trim() ?? "";
  expect(reset).not.toBe(password);
  await expect(page.getByRole("row", { name: new RegExp(email) }).getByText("One-time password")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("users-reset"));

  await new AppNavBar(page).signOut();
  await signIn(page, { email, password: reset });
  // Nothing else until the one-time password is replaced.
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/password/);
  await expectAccessible(page);
  await page.screenshot(shot("password-change-required"));
  // The one-time password was typed a moment ago: it is not asked again.
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  await page.getByLabel("New password", { exact: true }).fill("password1234");
  await page.getByLabel("New password again").fill("password1234");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "too common" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("orchid-lantern-harbour-5");
  await page.getByLabel("New password again").fill("orchid-lantern-harbour-5");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "New product" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(new AppNavBar(page).adminButton).toHaveCount(0);

  const attempt = await page.request.post("/api/predictions", {
    data: { product_id: "1", prompt: "x", aspect_ratio: "1:1" },
  });
  expect(attempt.status()).toBe(403);
  expect(await attempt.json()).toEqual({ error: "Forbidden", message: "Your role (reviewer) does not allow this." });

  await page.goto("/users");
  await expect(page.getByText("Your role (reviewer) does not allow managing users.")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("users-reviewer-refused"));
  expect(consoleErrors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the Users page's buttons and role pickers are a finger's size; a reset's password comes into view", async ({
    page,
  }) => {
    const email = `phone-${Date.now()}@studio.test`;
    await signIn(page);
    await page.goto("/users");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Invite" }).tap();
    await expect(page.getByLabel("One-time password")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toBeVisible();
    for (const control of await page.getByRole("main").locator("button, select").all()) {
      expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The person's role, status and buttons are on the screen, not off to the right of a table.
    for (const control of [
      row.getByRole("combobox"),
      row.getByText("Active"),
      row.getByRole("button", { name: `Delete ${email}` }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.getByRole("button", { name: "Done" }).tap();

    // The reset is pressed in the list; the new password is shown above it, scrolled into view.
    await row.getByRole("button", { name: `Reset password of ${email}` }).tap();
    await expect(page.getByText(`${email} has a new password.`, { exact: false })).toBeInViewport();
    await expect(row.getByText("One-time password")).toBeVisible();
    await expectAccessible(page);
    await page.screenshot(shot("users-phone"));
  });
});
