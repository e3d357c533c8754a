import { ADMIN, expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { createPrediction } from "./pages/generate-area";
import { AppNavBar } from "./pages/app-nav";

test.use({ productName: "Activity lamp" });

// An admin opens Activity, narrows it to their own generated shots, and follows a line's product
// link to the product's page; someone else's account change shows under its own action.

test("admin reads the activity log, filters it and follows a link", async ({ page, readyProduct: product }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const prompt = `lamp on a reading desk ${Date.now()}`;
  await createPrediction(page.request, product.id, prompt, "1:1");
  const email = `activity-${Date.now()}@studio.test`;
  expect(
    (
      await page.request.post("/api/users", { data: { email, role: "reviewer", password: "activity-password-1" } })
    ).status(),
  ).toBe(201);

  await new AppNavBar(page).openAdminPage("Activity");
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const log = page.getByRole("list", { name: "Activity" });
  // Newest first: the account made last is the first line.
  await expect(log.getByRole("listitem").first()).toContainText(`${ADMIN.email} created user ${email}`);
  await expectAccessible(page);
  await page.screenshot(shot("activity"));

  await page.getByLabel("Person").selectOption({ label: ADMIN.email });
  await page.getByLabel("Action").selectOption({ label: "generated a shot of" });
  const line = log.getByRole("listitem").filter({ hasText: prompt });
  await expect(line).toHaveCount(1);
  await expect(log.getByText(email)).toHaveCount(0);
  await expect(line).toContainText(`${ADMIN.email} generated a shot of ${product.name}`);
  await expectAccessible(page);

  await line.getByRole("link", { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByRole("heading", { name: product.name, level: 1 })).toBeVisible();
});

test("the Activity page and its API are for admins only", async ({ page }) => {
  await signIn(page);
  const email = `activity-editor-${Date.now()}@studio.test`;
  const password = "activity-password-2";
  expect((await page.request.post("/api/users", { data: { email, role: "editor", password } })).status()).toBe(201);
  await page.context().clearCookies();
  await signIn(page, { email, password });
  await expect(new AppNavBar(page).adminButton).toHaveCount(0);
  await page.goto("/activity");
  await expect(page.getByText("Your role (editor) does not allow seeing the team's activity.")).toBeVisible();
  expect((await page.request.get("/api/audit")).status()).toBe(403);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the Activity page fits a phone; its filters are easy to press and filter by address", async ({ page }) => {
    await signIn(page);
    await page.goto("/activity");
    const log = page.getByRole("list", { name: "Activity" });
    await expect(log.getByRole("listitem").first()).toBeVisible();
    for (const label of ["Person", "Action"]) {
      expect((await page.getByLabel(label).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel("Action").selectOption({ label: "signed in" });
    await expect(page).toHaveURL(/[?&]action=/);
    await expect(log.getByRole("listitem").first()).toContainText("signed in");
    await expectAccessible(page);
    await page.screenshot(shot("activity-phone"));
  });
});

test("older lines come after the first page with Show older", async ({ page, api, predictions }) => {
  test.setTimeout(120_000);
  const [shot] = await predictions(1);
  // 51 reviews of this journey's shot: one more than a page.
  for (let n = 0; n < 51; n++) {
    const review = await api.post(`/api/predictions/${shot.id}/reviews`, {
      data: { image_index: 0, action: n % 2 ? "unstar" : "star" },
    });
    expect(review.status()).toBe(201);
  }
  await signIn(page);
  await page.goto("/activity?action=review.recorded");
  const lines = page.getByRole("list", { name: "Activity" }).getByRole("listitem");
  await expect(lines).toHaveCount(50);
  await page.getByRole("button", { name: "Show older" }).click();
  await expect.poll(() => lines.count()).toBeGreaterThanOrEqual(51);
  await expect(lines.nth(50)).toContainText(shot.prompt);
});
