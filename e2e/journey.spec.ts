import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";
import { GenerateArea, texturePng } from "./pages/generate-area";
import { NewProductPage } from "./pages/new-product-page";
import { ProductPage } from "./pages/product-page";

// The whole way a person goes, only through the UI: sign in → new product → LoRA → generate →
// gallery → open → download.
test("from sign-in to a generated image in the gallery, and its download", async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const name = `Journey lemonade ${stamp}`;
  const prompt = `on a sunny beach towel next to sunglasses ${stamp}`;

  await signIn(page);
  await page.getByRole("main").getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(/\/products\/new$/);

  // A template, a name and one real 1024×1024 PNG per texture slot, chosen by clicking each drop zone.
  const newProduct = new NewProductPage(page);
  await expect(newProduct.templates.first()).toBeVisible();
  await newProduct.templates.first().check();
  await newProduct.name.fill(name);
  const zones = page.getByRole("button", { name: /^Choose the image for / });
  await expect(zones.first()).toBeVisible();
  const slots = await zones.count();
  for (let n = 0; n < slots; n++) {
    const chooser = page.waitForEvent("filechooser");
    await zones.first().click();
    await (
      await chooser
    ).setFiles({ name: `texture-${n}.png`, mimeType: "image/png", buffer: await texturePng(30 + 70 * n) });
    await expect(zones).toHaveCount(slots - n - 1);
  }
  await expectAccessible(page);
  await page.screenshot(shot("journey-new-product"));
  // "Create and train": the product page opens on its training, with nothing more to press.
  await newProduct.createAndTrain.click();
  await expect(page).toHaveURL(/\/products\/[^/]+$/, { timeout: 60_000 });
  const productPage = new ProductPage(page);
  await productPage.expectProduct(name);
  await expect(productPage.generateLora).toHaveCount(0);
  await page.screenshot(shot("journey-lora-training"));
  const area = new GenerateArea(page);
  await expect(area.prompt).toBeVisible({ timeout: 120_000 });

  await area.generate(prompt, "4:5");
  const card = area.shot(prompt);
  await expect(card.getByText(/Generating…/)).toBeVisible();
  await expect(card.getByRole("img", { name: prompt }).first()).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await page.screenshot(shot("journey-generated"));

  // The gallery shows it; opening it shows it full size with a download.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" }).click();
  const gallery = new GalleryPage(page);
  await expect(gallery.heading).toBeVisible();
  await expect(gallery.card(prompt).getByRole("img", { name: prompt })).toBeVisible();
  await expect(gallery.card(prompt).getByText(name)).toBeVisible();
  await page.screenshot(shot("journey-gallery"));
  await gallery.link(prompt).click();
  await expect(page.getByRole("heading", { level: 1, name: prompt })).toBeVisible();
  await expect(page.getByRole("main").getByRole("img", { name: prompt }).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("journey-prediction"));

  const download = page.getByRole("link", { name: /^Download/ });
  await expect(download.first()).toBeVisible();
  const href = await download.first().getAttribute("href");
  expect(href).toMatch(/^\/api\/images\/download\?src=/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.(png|jpg|webp)"/);
  const body = await response.body();
  expect(body.length).toBeGreaterThan(1000);
});

test("the dashboard lists the team's products with their LoRA state and the latest shots", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const products = page.getByRole("region", { name: "Products" });
  await expect(products.getByRole("listitem").first()).toBeVisible();
  await expect(products.getByText(/LoRA:/).first()).toBeAttached();
  const shots = page.getByRole("region", { name: "Latest product shots" });
  const thumbnails = shots.getByRole("listitem").getByRole("link");
  await expect(thumbnails.first()).toBeVisible();
  expect(await thumbnails.count()).toBeLessThanOrEqual(8);
  await expectAccessible(page);
  await page.screenshot(shot("dashboard"));
  await thumbnails.first().click();
  await expect(page).toHaveURL(/\/predictions\/[^/]+$/);
});
