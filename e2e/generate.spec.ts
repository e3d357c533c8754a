import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GenerateArea } from "./pages/generate-area";

test.use({ productName: "Generate bottle" });

test("a product shot appears at once in its shape, then its image; errors are told in the service's words", async ({
  page,
  consoleErrors,
  readyProduct: product,
}) => {
  await signIn(page);
  const area = new GenerateArea(page);
  await area.goto(product.id);

  // The seven ratios, each named with its orientation.
  const group = page.getByRole("group", { name: "Aspect ratio" });
  await expect(group.getByRole("radio")).toHaveCount(7);
  for (const name of [
    "16:9 Landscape",
    "3:2 Landscape",
    "5:4 Almost square",
    "1:1 Square",
    "4:5 Portrait",
    "2:3 Portrait",
    "9:16 Vertical",
  ]) {
    await expect(group.getByRole("radio", { name })).toHaveCount(1);
  }
  await expectAccessible(page);
  await page.screenshot(shot("generate-form"));

  // An empty prompt is refused before anything is sent.
  await area.generateButton.click();
  await expect(page.getByText("Describe the scene in the prompt")).toBeVisible();

  const prompt = `on a mossy rock by a waterfall ${Date.now()}`;
  await area.generate(prompt, "9:16");
  const card = area.shot(prompt);
  await expect(card).toHaveCount(1);
  await expect(card.getByText(/Generating… \d+ s/)).toBeVisible();
  // The placeholder already has the chosen (tall) shape.
  const placeholder = await card
    .getByText(/Generating…/)
    .locator("..")
    .boundingBox();
  expect(placeholder!.height / placeholder!.width).toBeCloseTo(16 / 9, 1);
  await page.screenshot(shot("generate-placeholder"));

  await expect(card.getByRole("img", { name: prompt }).first()).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/Generating/)).toHaveCount(0);
  // The ready toast and the form's result both say how many images the service returned.
  await expect(page.getByText(new RegExp(`^Ready, \\d+ images?: “${prompt}”\\.$`))).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Generate result" }).getByText(/^“.+”: Ready: \d+ images? under Product shots\.$/),
  ).toBeVisible();
  await expect(area.prompt).toHaveValue(prompt);
  await expectAccessible(page);
  await page.screenshot(shot("generate-done"));

  // The service refuses (here: a product whose LoRA is not enabled): its message is shown as it is,
  // and the prompt is kept.
  await page.route("**/api/predictions", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 403,
          json: { error: "Forbidden", message: "Product does not have LoRA enabled. Generate LoRA first." },
        })
      : route.fallback(),
  );
  await area.generate("a second try", "16:9");
  await expect(
    page.getByRole("alert").filter({ hasText: "Product does not have LoRA enabled. Generate LoRA first." }),
  ).toBeVisible();
  await expect(area.prompt).toHaveValue("a second try");
  await expect(area.ratio("16:9")).toBeChecked();
  await page.screenshot(shot("generate-error"));
  // The browser logs the refused request; that 403 is the point of this step.
  consoleErrors.length = 0;
});

test("a prediction that never finishes takes longer than usual, then may have failed, and can be generated again", async ({
  page,
  service,
  readyProduct: product,
}) => {
  await page.clock.install();
  await signIn(page);
  const area = new GenerateArea(page);
  await area.goto(product.id);

  await service.post("/stall", { kind: "prediction" });
  const prompt = `in a foggy forest ${Date.now()}`;
  await area.generate(prompt, "3:2");
  const cards = area.shot(prompt);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText(/Generating… \d+ s/)).toBeVisible();

  await page.clock.fastForward("01:40");
  await expect(cards.getByText(/Taking longer than usual · 1 min \d+ s/)).toBeVisible();
  await page.screenshot(shot("generate-taking-longer"));

  await page.clock.fastForward("09:00");
  await expect(cards.getByText("This may have failed")).toBeVisible();
  const again = cards.getByRole("button", { name: "Generate again" });
  await expect(again).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("generate-may-have-failed"));

  await again.click();
  await expect(cards).toHaveCount(2);
  await expect(
    page.getByRole("status").getByText("Generating again with the same prompt and aspect ratio."),
  ).toBeVisible();
  await expect(cards.first().getByText("3:2 Landscape", { exact: false })).toBeVisible();

  // Back to the real time: the new prediction, not stalled, gets its image.
  await page.clock.setSystemTime(new Date());
  await page.reload();
  await expect(cards.first().getByRole("img", { name: prompt }).first()).toBeVisible({ timeout: 60_000 });
  await expect(cards.nth(1).getByRole("img")).toHaveCount(0);
});

test("a shot the service cannot take yet is queued, sent by the server itself and followed until it is ready", async ({
  page,
  service,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const area = new GenerateArea(page);
  await area.goto(product.id);
  // One refusal asking for longer than the request waits: the shot is queued and the server sends it.
  await service.post("/faults", {
    match: `POST ${service.apiPrefix}/prediction/`,
    kind: "rate429",
    count: 1,
    retryAfter: 12,
  });
  const prompt = `on a frosted window ledge ${Date.now()}`;
  await area.generate(prompt, "1:1");
  const result = page.getByRole("group", { name: "Generate result" });
  await expect(result.getByRole("status")).toHaveText(
    "Queued — waiting for the image service; it is sent by itself and appears under Product shots.",
  );
  await expectAccessible(page);
  await page.screenshot(shot("generate-queued"));

  // Sent once the service allows; then the usual progress, counted from Product shots.
  await expect(area.shot(prompt)).toHaveCount(1, { timeout: 60_000 });
  await expect(result.getByRole("status")).toHaveText(/^Ready: \d+ images? under Product shots\.$/, {
    timeout: 60_000,
  });
  await expect(area.shot(prompt).getByRole("img", { name: prompt }).first()).toBeVisible();
});
