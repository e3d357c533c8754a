import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GenerateArea } from "./pages/generate-area";

test.use({ productName: "Budget lamp" });

// An admin gives an editor a monthly budget of one shot on the Usage page; the editor makes one,
// is refused the next with words saying whose limit it is and when it resets, and the Usage page
// shows the month's standing to both.

test("an admin sets a limit, an editor reaches it and reads why, the usage page shows it", async ({
  page,
  readyProduct: product,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const email = `budget-editor-${Date.now()}@studio.test`;
  const password = "budget-password-1";
  expect((await page.request.post("/api/users", { data: { email, role: "editor", password } })).status()).toBe(201);

  await page.goto("/usage");
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Set a monthly limit" });
  await form.getByLabel("For").selectOption({ label: email });
  await form.getByLabel("Counting").selectOption({ label: "Shots" });
  await form.getByLabel("Monthly limit").fill("1");
  await form.getByRole("button", { name: "Save limit" }).click();
  await expect(page.getByText("The monthly limit is now 1 shot.")).toBeVisible();
  await expect(page.getByText(`${email}: 1 shot a month`)).toBeVisible();
  await expectAccessible(page);

  await page.context().clearCookies();
  await signIn(page, { email, password });
  const area = new GenerateArea(page);
  await area.goto(product.id);
  await area.generate("lamp on an oak sideboard", "1:1");
  await expect(area.shot("lamp on an oak sideboard")).toBeVisible();
  await area.generate("lamp on a marble shelf", "1:1");
  const refusal = page.getByRole("alert").filter({ hasText: "monthly budget" });
  await expect(refusal).toContainText("Your monthly budget of 1 shot is used up: 1 used this month, none left.");
  await expect(refusal).toContainText(/It resets on 1 \w+ \d{4} \(UTC\)/);
  // The browser logs the refused request itself; that one answer, and only it, is expected.
  const refused = consoleErrors.filter((e) => e.includes("status of 429"));
  expect(refused).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(refused[0]), 1);

  await page.goto("/usage");
  await expect(page.getByRole("progressbar", { name: "Shots: 1 of 1 this month, 0 left" })).toBeVisible();
  await expect(page.getByRole("figure")).toContainText("1 shot and 0 trainings by you");
  await expect(page.getByTestId("daily-chart").locator("canvas")).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot(shot("usage-editor"));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the usage page fits a phone, its chart drawn with the numbers beneath", async ({ page }) => {
    await signIn(page);
    // The chart's box as the page arrives, before the chart is drawn into it.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { boxAtFirst: number }).boxAtFirst =
          document.querySelector("[data-testid=daily-chart]")?.getBoundingClientRect().height ?? -1;
      }),
    );
    await page.goto("/usage");
    const chart = page.getByTestId("daily-chart");
    // Below the budgets on a phone, the chart is drawn as one scrolls to it.
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator("canvas")).toHaveCount(1);
    // Drawing the chart moves nothing beneath it: the box had its full height from the start, and
    // the chart fits in it whole.
    const box = await chart.evaluate((el) => ({
      first: (window as unknown as { boxAtFirst: number }).boxAtFirst,
      now: el.getBoundingClientRect().height,
      drawn: el.scrollHeight,
    }));
    expect(box.first).toBeGreaterThan(0);
    expect(box.now).toBe(box.first);
    expect(box.drawn).toBeLessThanOrEqual(box.now);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // The day-by-day table is built when opened.
    await page.getByText("The numbers, day by day").click();
    await expect(
      page
        .getByRole("table", { name: "Shots and trainings per day (UTC); days not listed had none" })
        .or(page.getByText("No shots or trainings in the last 90 days.")),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot(shot("usage-phone"));
  });
});
