import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { GalleryPage } from "./pages/gallery-page";
import { createPrediction, createReadyProduct, waitForImages } from "./pages/generate-area";
import { ReviewQueuePage, serverReview, swipeAcross } from "./pages/review-queue-page";

// A product manager clears the review queue on a phone with one thumb: swipes and taps, one slip
// undone and reviewed again; then picks the better of two shots in compare and reviews in the
// viewer. On a desktop, Z and Ctrl+Z undo. Each test makes its own product and shots, and the
// queue's product filter keeps it to them.

interface Shot {
  id: string;
  prompt: string;
  images: string[];
}

/** Shots of the product, made until they hold at least `images` images (the service makes 1 to 4 a shot). */
async function shotsWithImages(request: APIRequestContext, productId: string, tag: string, images: number): Promise<Shot[]> {
  const shots: Shot[] = [];
  while (shots.reduce((n, s) => n + s.images.length, 0) < images) {
    const prompt = `${tag} ${shots.length + 1}`;
    const id = await createPrediction(request, productId, prompt, "1:1");
    shots.push({ id, prompt, images: await waitForImages(request, id) });
  }
  return shots;
}

/** Which shot and image the queue shows, from the image's name ("prompt (image 2 of 3)"). */
function whichImage(shots: Shot[], name: string): { id: string; index: number } {
  const match = /^(.*?)(?: \(image (\d+) of \d+\))?$/.exec(name)!;
  const found = shots.find((s) => s.prompt === match[1]);
  if (!found) throw new Error(`not one of this journey's images: ${name}`);
  return { id: found.id, index: match[2] ? Number(match[2]) - 1 : 0 };
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("clear ten images by swipe and tap, undo a slip, pick the better of two, review in the viewer", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const stamp = Date.now();
    const name = `Phone bottle ${stamp}`;
    const product = await createReadyProduct(page.request, name);
    const queued = await shotsWithImages(page.request, product.id, `phone queue ${stamp}`, 10);
    const pair = [
      await shotsWithImages(page.request, product.id, `pair ${stamp} a`, 1),
      await shotsWithImages(page.request, product.id, `pair ${stamp} b`, 1),
    ].flat();
    const all = [...queued, ...pair];
    const total = all.reduce((n, s) => n + s.images.length, 0);

    const queue = new ReviewQueuePage(page);
    await queue.openWithImagesOf(name, total);
    // A touch screen: a swipe hint instead of keyboard shortcuts, thumb-sized buttons.
    await expect(queue.legend).toBeHidden();
    await expect(queue.swipeHint).toBeVisible();
    for (const button of ["Approve", "Reject", "Star", "Skip"] as const) {
      const box = (await queue.button(button).boundingBox())!;
      expect(box.height, `${button} height`).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    await page.screenshot({ ...shot("review-phone-queue"), fullPage: false });

    // Ten images: swipe right, tap Approve, swipe left, tap Reject, in turn.
    const ways = ["swipe right", "tap Approve", "swipe left", "tap Reject"] as const;
    for (let n = 0; n < 10; n++) {
      const name = await queue.current();
      const image = whichImage(all, name);
      const way = ways[n % 4];
      // The image's state is known (its buttons are enabled) before a thumb acts on it.
      await expect(queue.button("Approve")).toBeEnabled();
      if (way === "swipe right") await queue.swipe("right");
      else if (way === "swipe left") await queue.swipe("left");
      else await queue.button(way === "tap Approve" ? "Approve" : "Reject").tap();
      const status = way === "swipe right" || way === "tap Approve" ? "approved" : "rejected";
      await expect(queue.image).not.toHaveAttribute("alt", name);
      await expect.poll(async () => (await serverReview(page.request, image.id, image.index)).status).toBe(status);
      if (n === 0) {
        // The message with Undo floats above the thumb's buttons, never over them.
        const toast = queue.undoInToast(/^You approved/).locator("xpath=..");
        const [message, approve] = [(await toast.boundingBox())!, (await queue.button("Approve").boundingBox())!];
        expect(message.y + message.height).toBeLessThanOrEqual(approve.y);
        await page.screenshot({ ...shot("review-phone-queue-toast"), fullPage: false });
      }

      if (n === 2) {
        // The slip: Undo in the toast. The server forgets the decision, the history keeps it
        // marked as undone, and the image is back where it was: on screen again.
        await queue.undoInToast(/^You rejected/).tap();
        await expect(queue.image).toHaveAttribute("alt", name);
        const undone = await serverReview(page.request, image.id, image.index);
        expect(undone.status).toBeNull();
        expect(undone.events.filter((e) => e.undone_at !== null).map((e) => e.action)).toEqual(["reject"]);
        await expect(page.getByRole("main").getByText("Not reviewed yet")).toBeVisible();
        await expect(page.getByRole("list", { name: "Review history" })).toContainText("undone");
        await expect(queue.awaiting).toHaveText(`${total - 2} images await review`);
        // Reviewed again, the other way.
        await queue.button("Approve").tap();
        await expect(queue.image).not.toHaveAttribute("alt", name);
        await expect.poll(async () => (await serverReview(page.request, image.id, image.index)).status).toBe("approved");
      }
    }
    await expect(queue.awaiting).toHaveText(`${total - 10} images await review`);

    // Compare on the phone: the two shots stacked, filling the screen; a tap on one approves it.
    const gallery = new GalleryPage(page);
    await gallery.goto(`?q=${encodeURIComponent(`pair ${stamp}`)}`);
    for (const s of pair) await gallery.checkbox(s.prompt).check();
    await gallery.selection.getByRole("button", { name: "Compare" }).tap();
    const compare = page.getByRole("dialog", { name: "Compare 2 images" });
    await expect(compare).toBeVisible();
    const [first, second] = pair;
    const images = compare.getByRole("img");
    await expect(images).toHaveCount(2);
    const [a, b] = [(await images.nth(0).boundingBox())!, (await images.nth(1).boundingBox())!];
    expect(b.y, "stacked").toBeGreaterThan(a.y + a.height - 1);
    await expectAccessible(page);
    await page.screenshot({ ...shot("review-phone-compare"), fullPage: false });
    await compare.getByRole("button", { name: `Pick “${second.prompt}”: approve it` }).tap();
    await expect(compare.getByRole("button", { name: `Approve “${second.prompt}”` })).toHaveAttribute("aria-pressed", "true");
    expect((await serverReview(page.request, second.id, 0)).status).toBe("approved");
    // The other keeps its state: the better of two is not the only good one.
    expect((await serverReview(page.request, first.id, 0)).status).toBeNull();
    await compare.getByRole("button", { name: "Close" }).tap();

    // The viewer: review buttons under the image, a swipe moves to the next image.
    await gallery.openInViewer(first.prompt).tap();
    const viewer = page.getByRole("dialog", { name: first.prompt });
    await expect(viewer).toBeVisible();
    await viewer.getByRole("button", { name: /^Star/ }).tap();
    await expect(viewer.getByRole("button", { name: /^Star/ })).toHaveAttribute("aria-pressed", "true");
    expect((await serverReview(page.request, first.id, 0)).starred).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ ...shot("review-phone-lightbox"), fullPage: false });
    // The page's toasts sit behind the modal viewer: it has its own Undo.
    await viewer.getByRole("button", { name: /^Undo/ }).tap();
    await expect(viewer.getByRole("button", { name: /^Star/ })).toHaveAttribute("aria-pressed", "false");
    expect((await serverReview(page.request, first.id, 0)).starred).toBe(false);
    // The viewer is named after the shot it shows: the next image may belong to the other shot.
    const position = page.getByRole("dialog").getByText(/^\d+ \/ \d+$/);
    const before = await position.innerText();
    // A swipe to the left shows the next image; on the last one, a swipe to the right shows the one before.
    const [at, of] = before.split(" / ");
    await swipeAcross(viewer.getByRole("img"), at === of ? 150 : -150);
    await expect(position).not.toHaveText(before);
  });
});

test("on a desktop, Z and Ctrl+Z undo the last reviews in turn", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const stamp = Date.now();
  const name = `Desk bottle ${stamp}`;
  const product = await createReadyProduct(page.request, name);
  const shots = await shotsWithImages(page.request, product.id, `desk queue ${stamp}`, 3);
  const total = shots.reduce((n, s) => n + s.images.length, 0);
  const queue = new ReviewQueuePage(page);
  await queue.openWithImagesOf(name, total);
  await expect(queue.legend).toBeVisible();
  await expect(queue.legend.getByText("Z Undo")).toBeVisible();
  await expect(queue.swipeHint).toBeHidden();

  // A approves; Z undoes it and the image is back.
  const firstName = await queue.current();
  const first = whichImage(shots, firstName);
  // Keys act once the image's state is known (its buttons are enabled).
  const ready = () => expect(queue.button("Approve")).toBeEnabled();
  await ready();
  await page.keyboard.press("a");
  await expect(queue.image).not.toHaveAttribute("alt", firstName);
  await expect.poll(async () => (await serverReview(page.request, first.id, first.index)).status).toBe("approved");
  await page.keyboard.press("z");
  await expect(queue.image).toHaveAttribute("alt", firstName);
  expect((await serverReview(page.request, first.id, first.index)).status).toBeNull();

  // Two decisions, then Ctrl+Z twice walks back through both, newest first.
  await ready();
  await page.keyboard.press("r");
  await expect(queue.image).not.toHaveAttribute("alt", firstName);
  const secondName = await queue.current();
  const second = whichImage(shots, secondName);
  await ready();
  await page.keyboard.press("a");
  await expect(queue.image).not.toHaveAttribute("alt", secondName);
  await expect.poll(async () => (await serverReview(page.request, second.id, second.index)).status).toBe("approved");
  expect((await serverReview(page.request, first.id, first.index)).status).toBe("rejected");
  await page.keyboard.press("Control+z");
  await expect(queue.image).toHaveAttribute("alt", secondName);
  expect((await serverReview(page.request, second.id, second.index)).status).toBeNull();
  expect((await serverReview(page.request, first.id, first.index)).status).toBe("rejected");
  await page.keyboard.press("Control+z");
  await expect(queue.image).toHaveAttribute("alt", firstName);
  expect((await serverReview(page.request, first.id, first.index)).status).toBeNull();
  await expect(queue.awaiting).toHaveText(`${total} images await review`);

  // Typing a comment keeps Z for the text.
  const comment = page.getByLabel("Comment");
  await comment.pressSequentially("zz");
  await expect(comment).toHaveValue("zz");
  await expect(queue.image).toHaveAttribute("alt", firstName);
  await expectAccessible(page);
  await page.screenshot({ ...shot("review-desktop-queue"), fullPage: false });
});
