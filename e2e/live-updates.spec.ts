import type { Page } from "@playwright/test";
import { createPrediction } from "./data";
import { expect, expectAccessible, signIn, test } from "./fixtures";
import { ReviewQueuePage } from "./pages/review-queue-page";

// Live updates: an open page is told by the server (GET /api/events) what changed, instead of
// asking every few seconds; while that stream is down it asks again itself, more slowly, and says so.

test.use({ productName: "Live bottle" });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The API requests a page makes from now on, by path and query (its images and pages aside). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

async function awaiting(queue: ReviewQueuePage): Promise<number> {
  await expect(queue.awaiting).toBeVisible();
  return Number(/^\d+/.exec((await queue.awaiting.textContent()) ?? "")?.[0]);
}

test("a shot made in another window joins the open review queue with no reload and no polling", async ({
  page,
  browser,
  baseURL,
  predictions,
  readyProduct,
  service,
}) => {
  test.setTimeout(120_000);
  await predictions(1, { prompt: `on a slate shelf ${stamp()}` });
  await signIn(page);
  const queue = new ReviewQueuePage(page);
  await queue.goto();
  await queue.chooseProduct(readyProduct.name);
  await expect(page.locator('[data-live="up"]')).toHaveCount(1);
  const before = await awaiting(queue);
  let reloads = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });
  const requests = apiRequests(page);

  // A colleague, in a browser of their own, makes a shot of the same product.
  const other = await browser.newContext({ baseURL });
  const colleague = await other.newPage();
  await signIn(colleague);
  const id = await createPrediction(colleague.request, readyProduct.id, `on a walnut desk ${stamp()}`, "1:1");
  await expect
    .poll(async () => ((await service.get(`/prediction/${id}`)) as { finishedAt: string | null }).finishedAt, {
      timeout: 60_000,
    })
    .not.toBeNull();
  // While the service made it, the queue asked the app nothing.
  expect(requests).toEqual([]);

  await expect.poll(() => awaiting(queue), { timeout: 15_000 }).toBeGreaterThan(before);
  expect(reloads).toBe(0);
  // Told, not asked: the shot itself was never polled, and the stream never had to reconnect.
  expect(requests.filter((r) => r.startsWith(`/api/predictions/${id}`) || r.startsWith("/api/events"))).toEqual([]);
  await other.close();
});

test("with the live updates cut off, a shot's page says it is reconnecting and still shows the images", async ({
  page,
  api,
  readyProduct,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The stream's connection refused, as a proxy that drops it would.
  await page.route("**/api/events*", (route) => route.abort("connectionrefused"));
  await signIn(page);
  const id = await createPrediction(api, readyProduct.id, `on a tiled floor ${stamp()}`, "1:1");
  const requests = apiRequests(page);
  await page.goto(`/predictions/${id}`);
  await expect(page.getByRole("status").getByText("Reconnecting…")).toBeVisible();
  await expect(page.locator('[data-live="down"]')).toHaveCount(1);
  // Polled instead: the images come, by the page's own asking.
  await expect(page.getByRole("main").getByRole("figure").getByRole("img").first()).toBeVisible({ timeout: 60_000 });
  expect(requests.filter((r) => r === `/api/predictions/${encodeURIComponent(id)}`).length).toBeGreaterThan(1);
  await expectAccessible(page);
  // The browser reports each refused attempt of the stream (the only requests refused here); nothing else.
  const refused = "Failed to load resource: net::ERR_CONNECTION_REFUSED";
  expect(consoleErrors.filter((e) => e === refused).length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== refused));
});
