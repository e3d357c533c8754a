import { expect, expectAccessible, shot, signIn, test, withoutLiveStream } from "./fixtures";
import {
  createPrediction,
  createProductThroughApi,
  createReadyProduct,
  GenerateArea,
  startTraining,
  waitForImages,
} from "./pages/generate-area";

/** The Products page's list calls (GET /api/products, any query). */
const listCalls = (url: URL) => url.pathname === "/api/products";
const HOUR = 3_600_000;

test("the Products page finds products by name, template and LoRA state, and opens one to generate", async ({
  page,
  service,
}) => {
  await signIn(page);
  const stamp = Date.now();
  const ready = {
    ...(await createReadyProduct(page.request, `Walrus bottle ${stamp}`, service)),
    name: `Walrus bottle ${stamp}`,
  };
  const images = await waitForImages(
    page.request,
    await createPrediction(page.request, ready.id, `on a pier ${stamp}`, "1:1"),
  );
  const fresh = await createProductThroughApi(page.request, `Pelican flask ${stamp}`);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  const grid = page.getByRole("list", { name: "Products" });
  await expect(grid.getByRole("listitem").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search product names" }).fill(`pelican ${stamp}`);
  await expect(page).toHaveURL(/q=pelican/);
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  const freshCard = grid.getByRole("listitem").filter({ hasText: fresh.name! });
  await expect(freshCard.getByText("Not started")).toBeVisible();
  await expect(freshCard.getByText("No images yet")).toBeVisible();
  await expect(page.getByText("1 product", { exact: true })).toBeVisible();

  // Another name and the LoRA filter: the ready product alone, with its shot's images counted.
  await page.getByRole("searchbox", { name: "Search product names" }).fill(`${stamp}`);
  await page.getByLabel("LoRA").selectOption({ label: "Ready" });
  await expect(page).toHaveURL(/lora=ready/);
  const readyCard = grid.getByRole("listitem").filter({ hasText: ready.name });
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await expect(readyCard.getByText("Ready", { exact: true })).toBeVisible();
  await expect(
    readyCard.getByText(images.length === 1 ? "1 image" : `${images.length} images`, { exact: true }),
  ).toBeVisible();
  await expect(readyCard.locator("img")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ ...shot("products"), fullPage: false });

  // Their template: both; another template: none, and a way back.
  await page.getByLabel("LoRA").selectOption({ label: "Any state" });
  const templates = page.getByLabel("Template");
  await templates.selectOption(ready.template_id!);
  await expect(grid.getByRole("listitem")).toHaveCount(2);
  const others = (
    await templates.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter((value) => value !== "" && value !== ready.template_id);
  expect(others.length).toBeGreaterThan(0);
  await templates.selectOption(others[0]);
  await expect(page.getByText("No products match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/products$/);

  // Open the ready product from its card: the generate form is there.
  await page.getByRole("searchbox", { name: "Search product names" }).fill(`walrus ${stamp}`);
  // The search reaches the URL after a pause; a click before that would be undone by it.
  await expect(page).toHaveURL(/[?&]q=walrus/);
  await grid.getByRole("link", { name: ready.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${ready.id}$`));
  await expect(page.getByLabel(/prompt/i).first()).toBeVisible();

  // The dashboard shows the few most recent and links to the page.
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Products" }).getByRole("listitem").first()).toBeVisible();
});

test("a training that never finishes stops being polled, and offers to check again", async ({ page, service }) => {
  await signIn(page);
  const stamp = Date.now();
  await service.post("/stall", { kind: "lora", count: 1 });
  const stuck = await createProductThroughApi(page.request, `Stuck otter ${stamp}`);
  await startTraining(page.request, stuck.id);

  const calls: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/products")) calls.push(url);
  });
  // What is checked here is the page's own asking, as while its live stream is down.
  await withoutLiveStream(page);
  await page.clock.install();
  await page.goto(`/products?q=${encodeURIComponent(`otter ${stamp}`)}&lora=training`);
  const card = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  await expect(card.getByText(/^Training/)).toBeVisible();

  // While it trains, the list asks again by itself (every ~2 s at first).
  const first = calls.filter(listCalls).length;
  await page.clock.runFor(20_000);
  await expect.poll(() => calls.filter(listCalls).length).toBeGreaterThan(first + 2);

  // Five hours on (past the give-up time): one last answer, then silence.
  await page.clock.fastForward(5 * HOUR);
  await expect(card.getByText("Not finished · check again")).toBeVisible();
  await page.clock.runFor(5_000);
  const settled = calls.filter(listCalls).length;
  await page.clock.runFor(10 * 60_000);
  await page.waitForTimeout(500);
  expect(calls.filter(listCalls).length).toBe(settled);

  // Its page says so and asks only when the person presses the button.
  await card.getByRole("link", { name: stuck.name! }).click();
  await expect(page.getByRole("heading", { name: "Training not finished — check again" })).toBeVisible();
  const own = (url: URL) => url.pathname === `/api/products/${stuck.id}`;
  await page.clock.runFor(5_000);
  const before = calls.filter(own).length;
  await page.clock.runFor(10 * 60_000);
  await page.waitForTimeout(500);
  expect(calls.filter(own).length).toBe(before);
  await page.getByRole("button", { name: "Check again" }).click();
  await expect.poll(() => calls.filter(own).length).toBe(before + 1);
  await expectAccessible(page);
});

test("a product whose LoRA the service lost says so after a refused shot, on its page and in the list", async ({
  page,
  service,
  consoleErrors,
}) => {
  await signIn(page);
  const stamp = Date.now();
  const name = `Heron jar ${stamp}`;
  const product = await createReadyProduct(page.request, name, service);
  const area = new GenerateArea(page);
  await area.goto(product.id);
  await area.prompt.fill(`on a shelf ${stamp}`);
  await area.ratio("1:1").check();
  // The page has read all it reads on its own: nothing asks about the product again before Generate.
  await page.waitForLoadState("networkidle");
  // The service forgets the LoRA (its control API), then refuses the next shot with 403.
  const forget = await fetch(`${service.controlUrl}/lora/${product.id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${service.token}` },
  });
  expect(forget.status).toBe(200);
  await area.generateButton.click();
  // The page loads the product again and turns back to training it, saying why.
  await expect(page.getByText(/The service no longer has this product’s LoRA/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step 2: train the LoRA" })).toBeVisible();
  // The browser logs the refused request (403) itself; that one is expected.
  expect(consoleErrors.every((e) => e.includes("403"))).toBe(true);
  consoleErrors.length = 0;
  await expectAccessible(page);

  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  await expect(card.getByText("Needs training again")).toBeVisible();
});
