import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { advisedTextures, fakePng, texturePng, textures } from "./images";
import { NewProductPage } from "./pages/new-product-page";
import { ProductPage } from "./pages/product-page";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a product is made from a LoRA template, its textures and a name, with real upload progress", async ({ page }) => {
  const { small, large } = await textures();
  const form = new NewProductPage(page);
  await form.goto();

  // Only the templates whose detail says loraScene = available are offered (8 of the 10 seeded).
  await expect(form.templates).toHaveCount(8);
  await expect(page.getByRole("radio", { name: "Lounge chair" })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Poster frame" })).toHaveCount(0);
  await page.getByLabel("Search templates").fill("snea");
  await expect(form.templates).toHaveCount(1);
  await page.getByLabel("Search templates").fill("");
  await expectAccessible(page);
  await page.screenshot(shot("new-product-empty"));

  await form.chooseTemplate("Glass bottle");
  await expect(form.dropZone("Label artwork")).toBeVisible();
  await expect(form.dropZone("Cap material")).toBeVisible();

  await form.chooseTexture("Label artwork", small);
  await expect(page.getByText(/^512×512 px · /)).toBeVisible();
  await expect(form.lowResolutionWarnings()).toHaveCount(1);
  await form.chooseTexture("Cap material", large);
  await expect(page.getByText(/^1024×1024 px · /)).toBeVisible();
  await expect(form.lowResolutionWarnings()).toHaveCount(1);
  await form.name.fill("Summer lemonade 330 ml");
  await expectAccessible(page);
  await page.screenshot(shot("new-product-filled"));

  // Slow the upload so the progress bar can be seen moving through the bytes sent.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await form.create.click();
  await expect(form.progress).toBeVisible();
  await expect(form.progress).toHaveAttribute("aria-valuenow", /^\d+$/);
  await page.screenshot(shot("new-product-uploading"));
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  const product = new ProductPage(page);
  await product.expectProduct("Summer lemonade 330 ml");
  await expect(page.getByText("Glass bottle")).toBeVisible();
  // The textures it was made from, one thumbnail per slot under the slot's label.
  for (const slot of ["Label artwork", "Cap material"]) {
    const thumb = page.getByRole("region", { name: "Textures" }).getByRole("img", { name: `${slot} texture` });
    await expect(thumb).toBeVisible();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.getByText(/key:|Texture keys/)).toHaveCount(0);
  await expect(product.generateLora).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("product-textures"));
});

test("problems are told in words, and nothing typed or chosen is lost on a service error", async ({
  page,
  service,
  consoleErrors,
}) => {
  const form = new NewProductPage(page);
  await form.goto();

  await form.create.click();
  const check = page.getByRole("alert").filter({ hasText: "Check the form" });
  await expect(check).toContainText("Choose a template.");
  await expect(check).toContainText("Enter a product name.");

  await form.chooseTemplate("Coffee mug");
  await form.chooseTexture("Mug print", fakePng());
  await expect(page.getByRole("alert").filter({ hasText: "notes.png" })).toContainText(
    "this file’s contents are not a readable image",
  );
  await form.chooseTexture("Mug print", await texturePng("mug-print.png", 1024));
  await form.name.fill("Morning mug");

  await service.post("/faults", {
    match: `POST ${service.apiPrefix}/product/`,
    kind: "rate429",
    count: 1,
    retryAfter: 1,
  });
  await form.create.click();
  const failure = page.getByRole("alert").filter({ hasText: "The product was not created" });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("The service said:");
  await expectAccessible(page);
  await page.screenshot(shot("new-product-service-error"));
  // The failed upload's 429 in the console is the point of this journey, not a defect.
  consoleErrors.length = 0;

  await expect(page.getByRole("radio", { name: "Coffee mug" })).toBeChecked();
  await expect(form.name).toHaveValue("Morning mug");
  await expect(form.dropZone("Mug print")).toHaveAccessibleName("Replace the image for Mug print");

  await form.create.click();
  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  await new ProductPage(page).expectProduct("Morning mug");
});

test("a template that declares no texture slots gets texture key rows", async ({ page }) => {
  // The interface leaves the template's fields "not shown": a real service may name no slots.
  await page.route("**/api/templates?lora=available", async (route) => {
    const response = await route.fetch();
    const templates = (await response.json()) as { name: string; texture_slots: unknown[] }[];
    await route.fulfill({
      response,
      json: templates.map((t) => (t.name === "Coffee mug" ? { ...t, texture_slots: [] } : t)),
    });
  });
  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate("Coffee mug");

  await expect(page.getByLabel("Texture key")).toHaveCount(1);
  await page.getByRole("button", { name: "Add texture slot" }).click();
  await expect(page.getByLabel("Texture key")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove texture slot 2" }).click();
  await expect(page.getByLabel("Texture key")).toHaveCount(1);

  await page.getByLabel("Texture key").fill("print");
  await form.chooseTexture("texture “print”", await texturePng("print.png", 1024));
  await form.name.fill("Keyed mug");
  await expectAccessible(page);
  await page.screenshot(shot("new-product-texture-keys"));
  await form.create.click();
  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  await new ProductPage(page).expectProduct("Keyed mug");
  await expect(page.getByRole("listitem").filter({ hasText: /^print$/ })).toBeVisible();
});

test("the new product page works at a phone's width and from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const form = new NewProductPage(page);
  await form.goto();
  // The template cards are one radio group: arrow keys move the choice.
  await page.getByRole("radio", { name: "Glass bottle" }).check();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Sneaker" })).toBeChecked();
  // A drop zone opens the file chooser with Enter, like any button.
  const chooser = page.waitForEvent("filechooser");
  await form.dropZone("Upper fabric").focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(await texturePng("upper.png", 600));
  await form.name.fill("Runner with a rather long product name to see the wrapping");
  await expect(form.lowResolutionWarnings()).toHaveCount(1);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.screenshot(shot("new-product-mobile"));
});

test("the texture advisor warns of a blurred texture in its slot, and again beside Generate LoRA", async ({ page }) => {
  const { label, cap, blurredLabel } = await advisedTextures();
  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate("Glass bottle");

  await form.chooseTexture("Label artwork", blurredLabel);
  const labelFindings = form.slotFindings("Label artwork");
  await expect(labelFindings.getByRole("button", { name: /^⚠? ?1 warning/ })).toBeVisible();
  await expect(labelFindings.getByRole("listitem")).toHaveCount(1);
  await expect(labelFindings.getByRole("listitem")).toContainText("looks out of focus");
  // The badge opens every check, the ok ones too.
  await labelFindings.getByRole("button", { name: /1 warning/ }).click();
  await expect(labelFindings.getByRole("listitem")).toHaveCount(5);
  await expect(labelFindings.getByRole("listitem").filter({ hasText: "Good contrast." })).toBeVisible();

  await form.chooseTexture("Cap material", label);
  await expect(form.slotFindings("Cap material").getByRole("button", { name: /Looks good/ })).toBeVisible();
  // The blurred label and the sharp one are the same picture: a set finding above the button.
  const across = page.getByRole("region", { name: "Across your textures" });
  await expect(across).toContainText("“Label artwork” and “Cap material” look like the same picture");
  await expectAccessible(page);
  await page.screenshot(shot("new-product-advisor-warnings"));

  await form.chooseTexture("Cap material", cap);
  await expect(across).toHaveCount(0);
  await form.name.fill("Blurry lemonade");
  // Warnings never block.
  await expect(page.getByRole("button", { name: "Create and train anyway" })).toBeVisible();
  await form.create.click();
  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  const product = new ProductPage(page);
  await product.expectProduct("Blurry lemonade");
  const kept = page.getByRole("region", { name: "Texture check" });
  await expect(kept).toContainText("looks out of focus");
  await expect(kept.getByText("Label artwork", { exact: true })).toBeVisible();
  await expect(kept.getByText("label", { exact: true })).toHaveCount(0);
  await expect(product.generateLora).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("product-advisor-warnings"));
});

test("a sharp texture gets only a good word, and the button stays plain", async ({ page }) => {
  const { label } = await advisedTextures();
  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate("Coffee mug");
  await form.chooseTexture("Mug print", label);
  await expect(form.slotFindings("Mug print")).toContainText("Sharp, well lit, good contrast, no heavy compression.");
  await expect(form.slotFindings("Mug print").getByRole("listitem")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create and train", exact: true })).toBeVisible();
});

test("“Create and train” makes the product and lands on its training, nothing more to press", async ({
  page,
  service,
}) => {
  // Held in training, so the page can be seen as it lands.
  await service.post("/stall", { kind: "lora", count: 1 });
  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate("Coffee mug");
  await form.chooseTexture("Mug print", await texturePng("mug-print.png", 1024));
  await form.name.fill(`Trained mug ${Date.now()}`);
  // The main button comes first and is the one Enter presses; "Create only" is secondary.
  await expect(form.createAndTrain).toHaveClass(/bg-brand-600/);
  await expect(form.create).not.toHaveClass(/bg-brand-600/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot(shot("new-product-buttons-390"));
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page);
  await form.createAndTrain.click();

  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  const product = new ProductPage(page);
  await expect(page.getByRole("heading", { name: "Training the LoRA" })).toBeVisible();
  await expect(product.stages).toHaveCount(5);
  await expect(product.generateLora).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Textures" }).getByRole("img", { name: "Mug print texture" }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("create-and-train-landed"));
});
