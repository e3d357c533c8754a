import type { Page, Request } from "@playwright/test";
import { THUMB_WIDTHS } from "@/lib/images/thumb-url";
import { expect, signIn, test } from "./fixtures";
import { createPrediction, waitForImages } from "./pages/generate-area";

test.use({ productName: "Sized shots bottle" });

// Every shot is drawn from the thumbnail route at about the size it is shown: no page loads an
// original from the asset origin, each image offers the route's widths in its srcset, and the
// width the browser took is no larger than the smallest one covering the drawn size.

interface DrawnShot {
  srcset: string;
  currentSrc: string;
  /** CSS pixels × device pixel ratio: the pixels the layout needs. */
  neededPx: number;
}

/** Image requests of the page, by URL (the browser's own, whatever the element). */
function imageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "image") urls.push(request.url());
  });
  return urls;
}

async function drawnShots(page: Page): Promise<DrawnShot[]> {
  const shots = page.getByRole("main").locator("img[srcset]");
  await expect(shots.first()).toBeVisible();
  // Lazy images load once scrolled near: bring every one into view.
  for (const shot of await shots.all()) await shot.scrollIntoViewIfNeeded();
  // Every image decoded, so currentSrc names the candidate the browser chose.
  await expect
    .poll(() => shots.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
  return shots.evaluateAll((imgs) =>
    imgs.map((img) => {
      const image = img as HTMLImageElement;
      return {
        srcset: image.srcset,
        currentSrc: image.currentSrc,
        neededPx: image.getBoundingClientRect().width * devicePixelRatio,
      };
    }),
  );
}

/** The smallest width of the route that covers `px`, or its largest. */
const covering = (px: number) => THUMB_WIDTHS.find((w) => w >= px) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1];

async function expectSizedShots(page: Page, path: string, originals: string[]) {
  // From a blank page, so no request of the page before is counted; and with the browser's cache
  // off (Chromium's own switch), so no wider copy an earlier page left can stand in for a shot: every
  // shot drawn is one the page asked for, and each is checked.
  await page.goto("about:blank");
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
  const requested = imageRequests(page);
  await page.goto(path);
  const shots = await drawnShots(page);
  for (const shot of shots) {
    const chosen = new URL(shot.currentSrc);
    expect(chosen.pathname, shot.currentSrc).toBe("/api/images/thumb");
    expect(Number(chosen.searchParams.get("w")), shot.currentSrc).toBeLessThanOrEqual(covering(shot.neededPx));
    const listed = shot.srcset.split(",").map((candidate) => Number(/ (\d+)w$/.exec(candidate.trim())?.[1]));
    expect(listed).toEqual([...THUMB_WIDTHS]);
  }
  // Each image fetched at one width only: never the fallback src beside the srcset's choice, nor a
  // second width once the layout is known.
  const widthsBySrc = new Map<string, Set<string>>();
  for (const url of requested.map((u) => new URL(u)).filter((u) => u.pathname === "/api/images/thumb")) {
    const src = url.searchParams.get("src") ?? "";
    widthsBySrc.set(src, (widthsBySrc.get(src) ?? new Set()).add(url.searchParams.get("w") ?? ""));
  }
  expect(widthsBySrc.size).toBeLessThanOrEqual(shots.length);
  for (const [src, widths] of widthsBySrc) expect([...widths], src).toHaveLength(1);
  expect(requested.filter((url) => originals.includes(url))).toEqual([]);
  await devtools.detach();
  // The new shots are among those drawn, each drawn from its own originals by the route.
  const drawnSrcs = shots.map((shot) => new URL(shot.currentSrc).searchParams.get("src") ?? "");
  return { drawn: shots.length, newDrawn: originals.filter((original) => drawnSrcs.includes(original)).length };
}

test("the dashboard draws every shot from the thumbnail route at its drawn size", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  const wide = await createPrediction(page.request, product.id, `on a pier at dawn ${Date.now()}`, "16:9");
  const tall = await createPrediction(page.request, product.id, `in a phone story ${Date.now()}`, "9:16");
  const originals = [...(await waitForImages(page.request, wide)), ...(await waitForImages(page.request, tall))];

  // The dashboard's card shows a shot's first image: both new shots are drawn and checked.
  expect((await expectSizedShots(page, "/", originals)).newDrawn).toBeGreaterThanOrEqual(2);
});

test("the product page draws every shot from the thumbnail route at its drawn size", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  // Off the dashboard while the shot is made: its polling would draw (and fetch) the new shot first.
  await page.goto("about:blank");
  const wide = await createPrediction(page.request, product.id, `on a quay at dusk ${Date.now()}`, "16:9");
  const originals = await waitForImages(page.request, wide);
  // The new shot's images (several, so each in a half-width cell of its card) are checked at their size.
  expect((await expectSizedShots(page, `/products/${product.id}`, originals)).newDrawn).toBe(originals.length);
});

test("the review queue draws its shot from the thumbnail route at its drawn size", async ({
  page,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const id = await createPrediction(page.request, product.id, `on a tiled floor ${Date.now()}`, "16:9");
  const originals = await waitForImages(page.request, id);
  // The queue shows one shot at a time, the oldest awaiting review, which may be another journey's.
  expect((await expectSizedShots(page, "/review", originals)).drawn).toBe(1);
});

test.describe("on a phone", () => {
  // Lighthouse's phone (1.75 device pixels per CSS pixel): more pixels are asked for, still no
  // more than the layout needs.
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

  test("the dashboard draws shots at the phone's size", async ({ page, readyProduct: product }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const id = await createPrediction(page.request, product.id, `on a bathroom shelf ${Date.now()}`, "4:5");
    const originals = await waitForImages(page.request, id);
    expect((await expectSizedShots(page, "/", originals)).newDrawn).toBeGreaterThanOrEqual(1);
  });
});
