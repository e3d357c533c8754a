import type { Page } from "@playwright/test";
import { statSync } from "node:fs";
import { expect, expectAccessible, shot, signIn, test, type LocalServiceControl } from "./fixtures";

// A share link made through the API opens in a browser without any cookie, shows only the
// view's images, and stops working once revoked.

/** Seeds six finished shots on the local service and makes a link to them as the signed-in page. */
async function makeLink(page: Page, service: LocalServiceControl, title: string): Promise<{ id: string; url: string }> {
  await service.post("/seed", { count: 6 });
  // A link holds the finished shots of the view when it is made: wait until the seeded ones are.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/shares/preview?sort=oldest")).json()) as { count: number }).count,
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(6);
  // Other journeys may have filled the gallery past what one link holds (500): share picked shots.
  const oldest = (await (await page.request.get("/api/predictions?sort=oldest&limit=50")).json()) as {
    items: { id: string; images: string[] }[];
  };
  const picked = oldest.items
    .filter((p) => p.images.length > 0)
    .slice(0, 6)
    .map((p) => p.id);
  const created = await page.request.post("/api/shares", {
    data: { filter: { sort: "oldest" }, prediction_ids: picked, expires_in_days: 7, title },
  });
  expect(created.status()).toBe(201);
  return created.json();
}

test("a share link opens without an account and dies when revoked", async ({ page, browser, service }) => {
  await signIn(page);
  const { id, url } = await makeLink(page, service, "Spring campaign picks");

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

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the Shared links page fits a phone, its buttons a finger's size; the link's page has a viewer with Download; revoking redraws the list", async ({
    page,
    browser,
    service,
  }) => {
    await signIn(page);
    const title = `Phone picks ${Date.now()}`;
    const { url } = await makeLink(page, service, title);
    await page.goto("/shares");
    const item = page.getByRole("list", { name: "Shared links" }).getByRole("listitem", { name: title });
    await expect(item.getByText("active", { exact: true })).toBeVisible();
    for (const control of await item.locator("button, label").all()) {
      expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot(shot("shares-phone"));

    // The viewer of the link's page: the image whole on the phone's screen, and its download.
    const client = await browser.newContext(PHONE);
    const visitor = await client.newPage();
    await visitor.goto(url);
    const grid = visitor.getByRole("list", { name: "Shared shots" });
    await expect(grid.getByRole("img").first()).toBeVisible();
    await grid.getByRole("link", { name: "View image 2 larger" }).tap();
    const viewer = visitor.getByRole("dialog");
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(/^2 \/ \d+$/)).toBeVisible();
    const image = viewer.getByRole("img");
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const box = (await image.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.viewport.height + 0.5);
    await expect(viewer.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
    // Close stays on the title's row (the tools wrap below), in reach of a thumb.
    const close = (await viewer.getByRole("button", { name: "Close viewer" }).boundingBox())!;
    const heading = (await viewer.getByRole("heading").boundingBox())!;
    expect(close.y).toBeLessThan(heading.y + heading.height);
    expect(close.x + close.width).toBeLessThanOrEqual(PHONE.viewport.width);
    // Tab goes round the viewer's controls and never leaves it for the page behind.
    for (let i = 0; i < 12; i++) {
      await visitor.keyboard.press("Tab");
      expect(
        await viewer.evaluate((dialog) => dialog.contains(document.activeElement) && document.activeElement !== dialog),
      ).toBe(true);
    }
    await expectAccessible(visitor);
    await visitor.screenshot({ ...shot("share-viewer-phone"), fullPage: false });
    // Two fingers apart zoom in (reviewers check labels and stitching this way).
    const zoomLevel = viewer.getByText(/^\d+%$/);
    await expect(zoomLevel).toHaveText("100%");
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await client.newCDPSession(visitor);
    const fingers = (apart: number) => [
      { id: 1, x: centre.x - apart, y: centre.y },
      { id: 2, x: centre.x + apart, y: centre.y },
    ];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
    // A finger's moves reach a page at most once a frame: one move, then the next frame.
    for (const apart of [50, 70, 90, 120]) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(apart) });
      await visitor.evaluate(() => new Promise(requestAnimationFrame));
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(zoomLevel).toHaveText("400%");
    // Around the fingers: the middle of the image stays in view, not its top-left corner.
    const frameScroll = () =>
      image.evaluate((img) => ({ left: img.parentElement!.scrollLeft, top: img.parentElement!.scrollTop }));
    await expect.poll(async () => (await frameScroll()).left).toBeGreaterThan(box.width);
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);
    await visitor.screenshot({ ...shot("share-viewer-phone-pinched"), fullPage: false });
    const [download] = await Promise.all([
      visitor.waitForEvent("download"),
      viewer.getByRole("link", { name: "Download" }).tap(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.(png|jpg|webp)$/);
    const saved = await download.path();
    expect(statSync(saved).size).toBeGreaterThan(100);
    await viewer.getByRole("button", { name: "Close viewer" }).tap();
    await expect(viewer).toBeHidden();
    await client.close();

    await item.getByRole("button", { name: `Revoke “${title}”` }).tap();
    await page
      .getByRole("dialog", { name: `Revoke “${title}”?` })
      .getByRole("button", { name: "Revoke link" })
      .tap();
    await expect(item.getByText("revoked", { exact: true })).toBeVisible();
    await expect(item.getByRole("switch")).toHaveCount(0);
  });
});
