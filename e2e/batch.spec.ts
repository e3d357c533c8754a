import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GenerateArea, readyProduct } from "./pages/generate-area";

// A batch is one thing to the person who asked for it: one grouped card, one "ready" toast.

test("a batch of four ratios is one card on the product page and one toast when ready", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const product = await readyProduct(page.request, `Batch jar ${Date.now()}`);
  const area = new GenerateArea(page);
  await area.goto(product.id);

  const prompt = `on a rustic wooden shelf ${Date.now()}`;
  await area.prompt.fill(prompt);
  await page.getByRole("radio", { name: "Several ratios" }).check();
  const ratios = ["16:9 Landscape", "1:1 Square", "4:5 Portrait", "9:16 Vertical"];
  for (const r of ratios)
    await page
      .getByRole("group", { name: /Aspect ratios/ })
      .getByRole("checkbox", { name: r })
      .check();
  await page.getByRole("button", { name: "Generate 4 aspect ratios" }).click();

  // Focus on the result; no toast over the form for starting it.
  const result = page.getByRole("group", { name: "Generate result" });
  await expect(result).toBeFocused();
  await expect(result.getByText("All 4 started.")).toBeVisible();
  const toasts = page.getByRole("button", { name: "Dismiss message" });
  await expect(toasts).toHaveCount(0);

  // One card for the batch, one entry per ratio in the order asked.
  const card = page.getByRole("article", { name: `Batch: ${prompt}` });
  await expect(card).toHaveCount(1);
  await expect(area.shots.filter({ hasText: prompt })).toHaveCount(1);
  const entries = card.getByRole("listitem");
  await expect(entries).toHaveCount(4);
  for (const [n, r] of ratios.entries()) await expect(entries.nth(n)).toContainText(r);
  await expect(card).toContainText("4 aspect ratios");
  await page.screenshot(shot("batch-generating"));

  for (const r of ratios) {
    await expect(entries.filter({ hasText: r }).getByRole("img").first()).toBeVisible({ timeout: 60_000 });
  }
  // All four arrived: exactly one toast, for the whole batch.
  const ready = page.getByRole("status").filter({ hasText: `Batch ready` });
  await expect(ready.getByText(prompt, { exact: false })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
  await expect(result.getByText(/^Ready: \d+ images? under Product shots\.$/)).toBeVisible();
  await expect(card).toContainText(/\d+ images?/);
  await expectAccessible(page);
  await page.screenshot(shot("batch-ready"));
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ ...shot("batch-ready-390"), fullPage: false });
});
