import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

// A share link made through the API opens in a browser without any cookie, shows only the
// view's images, and stops working once revoked.

test("a share link opens without an account and dies when revoked", async ({ page, browser, service }) => {
  await service.post("/seed", { count: 6 });
  await signIn(page);
  // A link holds the finished shots of the view when it is made: wait until the seeded ones are.
  await expect
    .poll(async () => ((await (await page.request.get("/api/shares/preview?sort=oldest")).json()) as { count: number }).count, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(6);
  // Other journeys may have filled the gallery past what one link holds (500): share picked shots.
  const oldest = (await (await page.request.get("/api/predictions?sort=oldest&limit=50")).json()) as { items: { id: string; images: string[] }[] };
  const picked = oldest.items.filter((p) => p.images.length > 0).slice(0, 6).map((p) => p.id);
  const created = await page.request.post("/api/shares", {
    data: { filter: { sort: "oldest" }, prediction_ids: picked, expires_in_days: 7, title: "Spring campaign picks" },
  });
  expect(created.status()).toBe(201);
  const { id, url } = await created.json();

  const stranger = await browser.newContext();
  expect(await stranger.cookies()).toEqual([]);
  const visitor = await stranger.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { name: "Spring campaign picks" })).toBeVisible();
  await expect(visitor.getByRole("navigation")).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  const images = visitor.getByRole("list", { name: "Shared shots" }).getByRole("img");
  await expect(images.first()).toBeVisible();
  // Thumbnails from the link's own route, never the service's asset address.
  for (const src of await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).src))) {
    expect(new URL(src).pathname).toMatch(/^\/api\/share\/[A-Za-z0-9_-]{43}\/image$/);
  }
  await expect.poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectAccessible(visitor);
  await visitor.screenshot(shot("share-open"));

  expect((await page.request.delete(`/api/shares/${id}`)).status()).toBe(204);
  const revoked = await visitor.goto(url);
  expect(revoked?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "This link does not work any more" })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.screenshot(shot("share-revoked"));
  await stranger.close();
});
