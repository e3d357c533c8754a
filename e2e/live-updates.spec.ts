import type { Page } from "@playwright/test";
import { createPrediction } from "./data";
import { expect, expectAccessible, signIn, test } from "./fixtures";
import { ReviewQueuePage } from "./pages/review-queue-page";

// Live updates: an open page is told by the server (GET /api/events) what changed, instead of
// asking every few seconds; while that stream is down it asks again itself, more slowly, and says so.

test.use({ productName: "Live bottle" });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The API requests a page makes from now on, by path and query (its images and pages aside). */
function apiRequests(page: Page): ApiRequest[] {
  const seen: ApiRequest[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push({ path: `${url.pathname}${url.search}`, at: Date.now() });
  });
  return seen;
}

interface ApiRequest {
  path: string;
  at: number;
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
  const finishedAt = async () => ((await service.get(`/prediction/${id}`)) as { finishedAt: string | null }).finishedAt;
  await expect.poll(finishedAt, { timeout: 60_000 }).not.toBeNull();
  // While the service made it, the queue asked the app nothing (once it is made, the page is told
  // and reads the queue again, maybe before this test hears of it).
  const madeAt = Date.parse((await finishedAt())!);
  expect(requests.filter((r) => r.at < madeAt)).toEqual([]);

  await expect.poll(() => awaiting(queue), { timeout: 15_000 }).toBeGreaterThan(before);
  expect(reloads).toBe(0);
  // Told, not asked: the shot itself was never polled, and the stream never had to reconnect.
  expect(
    requests.map((r) => r.path).filter((p) => p.startsWith(`/api/predictions/${id}`) || p.startsWith("/api/events")),
  ).toEqual([]);
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
  expect(requests.filter((r) => r.path === `/api/predictions/${encodeURIComponent(id)}`).length).toBeGreaterThan(1);
  await expectAccessible(page);
  // The browser reports each refused attempt of the stream (the only requests refused here); nothing else.
  const refused = "Failed to load resource: net::ERR_CONNECTION_REFUSED (/api/events)";
  expect(consoleErrors.filter((e) => e === refused).length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== refused));
});

test("eight tabs of the app in one browser share one stream, and it moves to another tab when its tab closes", async ({
  page,
  api,
  readyProduct,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto("/review");
  await expect(page.locator('[data-live="up"]')).toHaveCount(1);
  const context = page.context();
  // Which tab opened each stream from now on: a browser gives a site six connections over
  // HTTP/1.1, so a stream per tab would leave the seventh tab unable to load anything.
  const streams: Page[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") streams.push(request.frame().page());
  });
  const tabs = [page];
  for (let i = 1; i < 8; i++) {
    const tab = await context.newPage();
    tabs.push(tab);
    await tab.goto("/review");
    await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(tab.locator('[data-live="up"]')).toHaveCount(1);
  }
  // The first tab's stream serves all eight.
  expect(streams).toHaveLength(0);

  // The tab holding the stream closes: another opens it, and every tab is told again.
  const holder = page;
  await holder.close();
  const open = tabs.filter((tab) => tab !== holder);
  await expect.poll(() => streams.length).toBe(1);
  expect(open).toContain(streams[0]);
  const last = open[open.length - 1];
  for (const tab of open) await expect(tab.locator('[data-live="up"]')).toHaveCount(1);

  // An event reaches a tab that does not hold the stream: a shot made now shows there unasked.
  const watcher = open.find((tab) => tab !== streams[0]) ?? last;
  const requests = apiRequests(watcher);
  const id = await createPrediction(api, readyProduct.id, `on a marble plinth ${stamp()}`, "1:1");
  await watcher.goto(`/predictions/${id}`);
  await expect(watcher.locator('[data-live="up"]')).toHaveCount(1);
  await expect(watcher.getByRole("main").getByRole("figure").getByRole("img").first()).toBeVisible({
    timeout: 60_000,
  });
  // At most the page's own first read of the shot; never asked again while it was being made.
  const shotReads = requests.filter((r) => r.path === `/api/predictions/${encodeURIComponent(id)}`);
  expect(shotReads.length, JSON.stringify(requests.map((r) => r.path))).toBeLessThan(2);
  expect(streams).toHaveLength(1);
});
