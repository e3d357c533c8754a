import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { createPrediction, createProductThroughApi, readyProduct, waitForImages } from "./pages/generate-area";

// The gallery's and the Products page's first tiles are in the page's HTML, laid out by CSS until a
// script has measured the grid, so their images load with the page instead of after its scripts.
// Proved by reading the HTML the server sent.

/** Waits until the list's first tile has its image loaded. */
async function firstTileLoaded(page: Page, list: string) {
  const firstImage = page.getByRole("list", { name: list }).getByRole("listitem").first().locator("img");
  await expect(firstImage).toBeVisible();
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test("the gallery's first tiles and their images arrive in the page's HTML", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const product = await readyProduct(page.request, `First tiles bottle ${Date.now()}`);
  const images = await waitForImages(
    page.request,
    await createPrediction(page.request, product.id, `on a sunny windowsill ${Date.now()}`, "1:1"),
  );

  // The gallery streams behind a loading placeholder (its filters come from the URL), which a tiny
  // inline script swaps in, so it is read here in the HTML itself rather than with scripts off.
  const html = await (await page.request.get("/gallery")).text();
  const tiles = html.match(/<li aria-posinset="\d+"/g) ?? [];
  expect(tiles.length).toBeGreaterThanOrEqual(1);
  expect(tiles.length).toBeLessThanOrEqual(8);
  // Newest first: the first tile is the new shot, asked for first and from the thumbnail route.
  const firstTile = html.slice(html.indexOf('<li aria-posinset="1"'));
  const firstImage = /<img [^>]*>/.exec(firstTile)?.[0] ?? "";
  expect(firstImage).toMatch(/fetchpriority="high"/i);
  expect(firstImage).toContain(`/api/images/thumb?src=${encodeURIComponent(images[0])}`);
});

test("the Products page's first cards arrive in the page's HTML, each image at one width", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const name = `First card flask ${Date.now()}`;
  await createProductThroughApi(page.request, name);

  // Like the gallery, the page may stream its list behind a placeholder: read in the HTML itself.
  const html = await (await page.request.get("/products")).text();
  const tiles = html.match(/<li aria-posinset="\d+"/g) ?? [];
  expect(tiles.length).toBeGreaterThanOrEqual(1);
  expect(tiles.length).toBeLessThanOrEqual(8);
  const firstTile = html.slice(html.indexOf('<li aria-posinset="1"'));
  expect(firstTile.slice(0, firstTile.indexOf("</li>"))).toContain(name);
  expect(/<img [^>]*>/.exec(firstTile)?.[0] ?? "").toMatch(/fetchpriority="high"/i);

  // With scripts, the measured grid keeps the images the HTML asked for: none is fetched again wider.
  const widths = new Map<string, Set<string>>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/images/thumb")
      widths.set(
        url.searchParams.get("src") ?? "",
        (widths.get(url.searchParams.get("src") ?? "") ?? new Set()).add(url.searchParams.get("w") ?? ""),
      );
  });
  await page.goto("/products");
  await firstTileLoaded(page, "Products");
  await page.waitForLoadState("networkidle");
  expect(widths.size).toBeGreaterThan(0);
  for (const [src, asked] of widths) expect([...asked], src).toHaveLength(1);
});
