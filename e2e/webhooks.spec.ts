import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

// The Webhooks page is drawn on the server: adding one shows its secret once and lists it,
// deleting it takes it off the list, each without reloading the page by hand.

test("admin adds a webhook, sees its secret once, and deletes it", async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  const host = `hooks-${Date.now()}.example.com`;
  const list = page.getByRole("list", { name: "Webhooks" });

  await page.getByLabel("Webhook address").fill(`http://${host}/team`);
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("must start with https://");
  // The browser logs the refused request (400) itself; that one is expected.
  expect(consoleErrors.every((e) => e.includes("400"))).toBe(true);
  consoleErrors.length = 0;

  await page.getByLabel("Webhook address").fill(`https://${host}/services/team-channel`);
  await page.getByRole("button", { name: "Add webhook" }).click();
  const secret = page.getByLabel("Signing secret");
  await expect(secret).not.toBeEmpty();
  const row = list.getByRole("listitem").filter({ hasText: host });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Training finished");
  await expectAccessible(page);
  await page.screenshot(shot("webhooks-added"));

  // The secret is not shown again: a new visit lists the webhook without it.
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(secret).toHaveCount(0);

  await row.getByRole("button", { name: /Delete webhook/ }).click();
  await expect(row).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the Webhooks page fits a phone and its buttons are easy to press", async ({ page }) => {
    await signIn(page);
    await page.goto("/webhooks");
    await page.getByLabel("Webhook address").fill(`https://phone-${Date.now()}.example.com/hook`);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByLabel("Signing secret")).toBeVisible();
    for (const button of await page.getByRole("main").getByRole("button").all()) {
      expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot(shot("webhooks-phone"));
  });
});
