import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { createPrediction, GenerateArea, waitForImages } from "./pages/generate-area";

test.use({ productName: "Reuse bottle" });

// Reuse a prediction's settings, prompt history and saved prompts, and batches: several ratios
// (each its own prediction with its own status) and a batch the service partly refuses.

test("“Use these settings” pre-fills the form; a saved prompt fills it again; recent prompts list it", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const prompt = `on a sunlit windowsill ${Date.now()}`;
  const id = await createPrediction(page.request, product.id, prompt, "4:5");
  await waitForImages(page.request, id);

  await page.goto(`/predictions/${id}`);
  await page.getByRole("link", { name: "Use these settings" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?`));
  const area = new GenerateArea(page);
  await expect(area.prompt).toHaveValue(prompt);
  await expect(area.ratio("4:5")).toBeChecked();

  // Save it as a preset, write something else, then bring it back from "Saved prompts".
  const name = `Windowsill ${Date.now()}`;
  await page
    .locator("summary")
    .filter({ hasText: /^Saved prompts/ })
    .click();
  // No name: refused before anything is sent, on the field itself.
  await page.getByRole("button", { name: "Save this prompt" }).click();
  await expect(page.getByLabel("Preset name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Preset name")).toHaveAccessibleDescription("Give the preset a name");
  await page.getByLabel("Preset name").fill(name);
  await page.getByRole("button", { name: "Save this prompt" }).click();
  await expect(page.getByRole("status").getByText(`Saved the prompt as “${name}”.`)).toBeVisible();
  const saved = page.getByRole("list", { name: "Team presets" });
  await expect(saved.getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("reuse-saved-prompts"));
  await page.keyboard.press("Escape");
  await expect(saved).toBeHidden();

  await area.prompt.fill("something else entirely");
  await area.ratio("16:9").check();
  await page
    .locator("summary")
    .filter({ hasText: /^Saved prompts/ })
    .click();
  await expect(saved).toBeVisible();
  await saved.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(area.prompt).toHaveValue(prompt);
  await expect(area.ratio("4:5")).toBeChecked();
  await expect(saved).toBeHidden();

  // The prompt is in my recent prompts of this template.
  await area.prompt.fill("");
  await page
    .locator("summary")
    .filter({ hasText: /^Recent prompts/ })
    .click();
  const recent = page.getByRole("list", { name: "Recently used" });
  await recent.getByRole("button", { name: new RegExp(prompt) }).click();
  await expect(area.prompt).toHaveValue(prompt);

  // Deleting the preset takes it off the list.
  await page
    .locator("summary")
    .filter({ hasText: /^Saved prompts/ })
    .click();
  await saved.getByRole("button", { name: `Delete saved prompt ${name}` }).click();
  await expect(page.getByRole("status").getByText(`Deleted the saved prompt “${name}”.`)).toBeVisible();
  await expect(saved.getByRole("button", { name: new RegExp(`^${name}`) })).toHaveCount(0);
});

test("a batch of three ratios makes three predictions, each with its own status", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const area = new GenerateArea(page);
  await area.goto(product.id);

  const prompt = `on a picnic blanket ${Date.now()}`;
  await area.prompt.fill(prompt);
  await page.getByRole("radio", { name: "Several ratios" }).check();
  const ratios = page.getByRole("group", { name: /Aspect ratios/ });
  // None chosen: refused before anything is sent.
  await page.getByRole("button", { name: "Generate 0 aspect ratios" }).click();
  await expect(page.getByText("Choose at least one aspect ratio")).toBeVisible();
  for (const r of ["16:9 Landscape", "1:1 Square", "9:16 Vertical"])
    await ratios.getByRole("checkbox", { name: r }).check();
  await page.getByRole("button", { name: "Generate 3 aspect ratios" }).click();

  const summary = page.getByRole("region", { name: "Batch outcome" });
  await expect(summary.getByText("All 3 started.")).toBeVisible();
  await expect(summary.getByRole("listitem")).toHaveCount(3);
  for (const r of ["16:9", "1:1", "9:16"]) await expect(summary.getByText(`${r}: created`)).toBeVisible();
  // One grouped card for the batch, one entry per ratio in it.
  const card = area.shot(prompt);
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("listitem")).toHaveCount(3);
  await expectAccessible(page);
  await page.screenshot(shot("reuse-batch-started"));
  for (const r of ["16:9 Landscape", "1:1 Square", "9:16 Vertical"]) {
    await expect(card.getByRole("listitem").filter({ hasText: r }).getByRole("img").first()).toBeVisible({
      timeout: 60_000,
    });
  }
  await page.screenshot(shot("reuse-batch-done"));
});

test("a batch the service asks to slow down is sent in full once it allows; one refused for a lost LoRA turns the page to training it again", async ({
  page,
  service,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const area = new GenerateArea(page);
  await area.goto(product.id);

  const prompt = `in falling snow ${Date.now()}`;
  await area.prompt.fill(prompt);
  await page.getByRole("radio", { name: "Variations" }).check();
  await page.getByLabel("Number of variations").fill("3");
  await area.ratio("3:2").check();
  // One 429 (Retry-After 1 s) aimed at the service's "create a prediction" call: nothing is
  // lost or reported not sent; the batch waits for the service and every variation starts once.
  await service.post("/faults", { match: `POST ${service.apiPrefix}/prediction/`, kind: "rate429", count: 1 });
  const summary = page.getByRole("region", { name: "Batch outcome" });
  try {
    await page.getByRole("button", { name: "Generate 3 variations" }).click();
    await expect(summary.getByText("All 3 started.")).toBeVisible();
    await expect(area.shot(prompt)).toHaveCount(1);
    await expect(area.shot(prompt).getByRole("listitem")).toHaveCount(3);
  } finally {
    await fetch(`${service.controlUrl}/faults`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${service.token}` },
    });
  }

  // The service loses the product's LoRA: the first variation is refused in its words, and the
  // others, which would meet the same refusal, are not sent.
  await fetch(`${service.controlUrl}/lora/${product.id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${service.token}` },
  });
  const refused = `by a frozen lake ${Date.now()}`;
  await area.prompt.fill(refused);
  await page.getByRole("button", { name: "Generate 3 variations" }).click();
  // The refusal says the LoRA is gone; the page then turns to training it again, which replaces
  // the generation form and its outcome (so the outcome is read only as far as it is sure to stay).
  await expect(
    summary.getByRole("alert").or(page.getByText("The service no longer has this product’s LoRA")),
  ).toBeVisible();
  await expect(
    page.getByText(
      "The service no longer has this product’s LoRA: it refused to generate shots with it. Train it again below.",
    ),
  ).toBeVisible();
  await expect(area.shot(refused)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot(shot("reuse-batch-partial"));
});
