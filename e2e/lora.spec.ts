import type { Page } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { texturePng } from "./images";
import { NewProductPage } from "./pages/new-product-page";
import { ProductPage } from "./pages/product-page";

/** Makes a product through the form, as a person would, and returns its id (from the page's URL). */
async function newProduct(page: Page, name: string, template = "Coffee mug", slot = "Mug print") {
  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate(template);
  await form.chooseTexture(slot, await texturePng(`${name}.png`, 1024));
  await form.name.fill(name);
  await form.create.click();
  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

// Records browser notifications instead of showing them, with permission already granted.
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __notifications: string[] }).__notifications = shown;
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      constructor(title: string, options?: { body?: string }) {
        shown.push(`${title}: ${options?.body ?? ""}`);
      }
    }
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
  });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a LoRA is trained: started in words, an estimated timeline, then the generation form", async ({ page }) => {
  await recordNotifications(page);
  await newProduct(page, "Lemon mug");
  const product = new ProductPage(page);
  await product.expectProduct("Lemon mug");
  await expect(page.getByText("Not started")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("lora-not-started"));

  await product.generateLora.click();
  await expect(page.getByText("Training started.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Training the LoRA" })).toBeVisible();
  await expect(product.stages).toHaveCount(5);
  await expect(page.getByText(/an estimate/)).toBeVisible();
  await expect(page.getByText(/Usually ready between/)).toBeVisible();
  await expect(page.getByText(/Training · /)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("lora-training"));

  // The local service trains in seconds; the page turns into the generation area by itself.
  await expect(product.generationArea()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Ready", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle("✓ LoRA ready · Lemon mug");
  await expect(page.getByRole("status").filter({ hasText: "is ready" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __notifications: string[] }).__notifications)).toHaveLength(
    1,
  );
  await expectAccessible(page);
  await page.screenshot(shot("lora-ready"));

  // Opening a ready product shows the generation area at once, without announcing it again.
  await page.reload();
  await expect(product.generationArea()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __notifications: string[] }).__notifications)).toHaveLength(
    0,
  );
});

test("a training resumes after a reload, and one far past the usual time is called slow, then possibly stuck", async ({
  page,
  service,
}) => {
  await service.post("/stall", { kind: "lora", count: 1 });
  await page.clock.install();
  await newProduct(page, "Stalled mug");
  const product = new ProductPage(page);
  await product.generateLora.click();
  await expect(page.getByRole("heading", { name: "Training the LoRA" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Training the LoRA" })).toBeVisible();
  await expect(product.stages).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Notify me when ready" })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot(shot("lora-training-mobile"));
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.clock.setSystemTime(Date.now() + 50 * 60_000);
  await expect(page.getByText("This is taking longer than usual")).toBeVisible();
  await expect(page.getByText(/Training · \d+ min · slow/)).toBeVisible();
  await page.screenshot(shot("lora-slow"));

  await page.clock.setSystemTime(Date.now() + 3 * 60 * 60_000);
  await expect(page.getByRole("alert").filter({ hasText: "stuck" })).toContainText("may be stuck");
  await expect(page.getByText(/Training · 3 h \d+ min · possibly stuck/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("lora-stuck"));
  await product.generateLora.click();
  await expect(page.getByText("Training is already running.")).toBeVisible();
});

test("too many trainings: a countdown retries by itself, and can be cancelled", async ({
  page,
  service,
  consoleErrors,
}) => {
  const busy = await newProduct(page, "Busy mug");
  const product = new ProductPage(page);

  // Aimed at this product's start only: other journeys may use the same local service.
  await service.post("/faults", { match: `/product/${busy}/generate-lora`, kind: "rate429", count: 1, retryAfter: 2 });
  await product.generateLora.click();
  await expect(page.getByText("Too many trainings started.")).toBeVisible();
  await expect(page.getByRole("timer")).toContainText(/Trying again/);
  await expectAccessible(page);
  await page.screenshot(shot("lora-429-countdown"));
  await expect(page.getByText("Training started.")).toBeVisible({ timeout: 20_000 });

  const patient = await newProduct(page, "Patient mug");
  await service.post("/faults", {
    match: `/product/${patient}/generate-lora`,
    kind: "rate429",
    count: 1,
    retryAfter: 30,
  });
  await product.generateLora.click();
  await expect(page.getByRole("timer")).toContainText(/Trying again in \d+ s/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expect(product.generateLora).toBeEnabled();
  await expect(page.getByText("Not started")).toBeVisible();
  // The 429 answers in the console are what this journey provokes.
  consoleErrors.length = 0;
});

test("an unknown product is explained in words", async ({ page, consoleErrors }) => {
  await new ProductPage(page).goto("no-such-product-42");
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("product-not-found"));
  consoleErrors.length = 0;
});

test("the Generate LoRA button waits for the page to be ready, so an early press is not lost", async ({ page }) => {
  const id = await newProduct(page, "Early press mug");
  // Hold the page's scripts back: the server's HTML is there, the button cannot act yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  const product = new ProductPage(page);
  await page.goto(`/products/${encodeURIComponent(id)}`, { waitUntil: "commit" });
  await expect(product.generateLora).toBeVisible();
  await expect(product.generateLora).toBeDisabled();
  release();
  await expect(product.generateLora).toBeEnabled();
  await product.generateLora.click();
  await expect(page.getByText("Training started.")).toBeVisible();
});

test("a product whose template lacks LoRA support is told so in words", async ({ page, consoleErrors }) => {
  // Not offered by the form; made through the API to see the product page's answer to the 400.
  const response = await page.request.post("/api/products", {
    multipart: {
      template_id: "8",
      name: "Lounge chair",
      "texture[0]": { name: "fabric.png", mimeType: "image/png", buffer: (await texturePng("fabric.png", 256)).buffer },
      "texture[0][key]": "upholstery",
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const product = new ProductPage(page);
  await product.goto(id);
  await product.generateLora.click();
  await expect(page.getByRole("alert").filter({ hasText: "LoRA" })).toContainText("does not support LoRA training");
  await expectAccessible(page);
  await page.screenshot(shot("lora-not-supported"));
  consoleErrors.length = 0;
});
