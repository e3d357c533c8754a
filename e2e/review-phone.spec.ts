import type { APIRequestContext, Locator } from "@playwright/test";
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
async function shotsWithImages(
  request: APIRequestContext,
  productId: string,
  tag: string,
  images: number,
): Promise<Shot[]> {
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

  test("clear ten images by swipe and tap, undo a slip, pick the better of two, review in the viewer", async ({
    page,
  }) => {
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
      if (status === "rejected") {
        // A rejection waits for its reason on its own image; "No reason" moves on.
        await expect(queue.reason).toBeVisible();
        await expect(queue.image).toHaveAttribute("alt", name);
        await expect.poll(async () => (await serverReview(page.request, image.id, image.index)).status).toBe(status);
        if (n !== 2) await queue.reasonButton("No reason").tap();
      }
      if (n !== 2) await expect(queue.image).not.toHaveAttribute("alt", name);
      await expect.poll(async () => (await serverReview(page.request, image.id, image.index)).status).toBe(status);
      if (n === 0) {
        // The message with Undo never covers the thumb's bar.
        await expectClearOf(queue.toast(/^You approved/), [queue.bar]);
        await page.screenshot({ ...shot("review-phone-queue-toast"), fullPage: false });
      }

      if (n === 2) {
        // The slip: Undo in the toast while the reason is asked. The server forgets the decision,
        // the history keeps it marked as undone, and the image stays, not reviewed.
        await queue.undoInToast(/^You rejected/).tap();
        await expect(queue.reason).toBeHidden();
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
        await expect
          .poll(async () => (await serverReview(page.request, image.id, image.index)).status)
          .toBe("approved");
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
    await expect(compare.getByRole("button", { name: `Approve “${second.prompt}”` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
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

/** The boxes of `message` and of each control do not meet (a message never covers what one uses next). */
async function expectClearOf(message: Locator, controls: Locator[]) {
  await expect(message).toBeVisible();
  // Where it comes to rest (two looks alike): a new message slides in where motion is allowed.
  let before = "";
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await message.boundingBox());
        const resting = now === before;
        before = now;
        return resting;
      },
      { intervals: [200] },
    )
    .toBe(true);
  const m = (await message.boundingBox())!;
  for (const control of controls) {
    const c = (await control.boundingBox())!;
    const apart = m.x + m.width <= c.x || c.x + c.width <= m.x || m.y + m.height <= c.y || c.y + c.height <= m.y;
    expect(apart, `message ${JSON.stringify(m)} over ${JSON.stringify(c)}`).toBe(true);
  }
}

test.describe("on a phone, reject then say why", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the reason lands on the rejected image, not the next; the message never covers the bar", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const stamp = Date.now();
    const name = `Reason bottle ${stamp}`;
    const product = await createReadyProduct(page.request, name);
    const shots = await shotsWithImages(page.request, product.id, `reason queue ${stamp}`, 3);
    const total = shots.reduce((n, s) => n + s.images.length, 0);
    const queue = new ReviewQueuePage(page);
    await queue.openWithImagesOf(name, total);

    // Approve: the message with Undo comes where it covers none of the bar's buttons.
    const approved = whichImage(shots, await queue.current());
    await expect(queue.button("Approve")).toBeEnabled();
    await queue.button("Approve").tap();
    await expect
      .poll(async () => (await serverReview(page.request, approved.id, approved.index)).status)
      .toBe("approved");
    const message = queue.toast(/^You approved/);
    await expectClearOf(message, [
      queue.bar,
      queue.button("Approve"),
      queue.button("Reject"),
      queue.button("Star"),
      queue.button("Skip"),
    ]);
    await expectAccessible(page);
    await page.screenshot({ ...shot("review-phone-after-approve"), fullPage: false });

    // Reject with a swipe, then say why: the image stays until the reason is sent.
    const rejectedName = await queue.current();
    const rejected = whichImage(shots, rejectedName);
    await expect(queue.button("Approve")).toBeEnabled();
    await queue.swipe("left");
    await expect(queue.reason).toBeVisible();
    await expect(queue.image).toHaveAttribute("alt", rejectedName);
    await expect(queue.button("Reject")).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
    await page.screenshot({ ...shot("review-phone-reject-reason"), fullPage: false });
    await queue.reason.fill("The label is crooked");
    await queue.reasonButton("Send reason").tap();
    await expect(queue.image).not.toHaveAttribute("alt", rejectedName);
    // The message keeps the rejection's Undo (looked at first: a message does not stay for ever; its
    // text runs on into its buttons' words, so it is matched from its start).
    await expectClearOf(queue.toast(/^You rejected .* and said why\./), [queue.bar]);
    await expect(queue.undoInToast(/and said why/)).toBeVisible();
    const said = await serverReview(page.request, rejected.id, rejected.index);
    expect(said.status).toBe("rejected");
    expect(said.events.filter((e) => e.action === "comment").map((e) => e.comment)).toEqual(["The label is crooked"]);
    // The next image has no word of it.
    const next = whichImage(shots, await queue.current());
    expect((await serverReview(page.request, next.id, next.index)).events).toEqual([]);
  });
});

test("on a laptop the message after approve covers neither the buttons nor the comment, and stays while hovered or focused", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.clock.install();
  await signIn(page);
  const stamp = Date.now();
  const name = `Laptop bottle ${stamp}`;
  const product = await createReadyProduct(page.request, name);
  const shots = await shotsWithImages(page.request, product.id, `laptop queue ${stamp}`, 3);
  const total = shots.reduce((n, s) => n + s.images.length, 0);
  const queue = new ReviewQueuePage(page);
  await queue.openWithImagesOf(name, total);

  await expect(queue.button("Approve")).toBeEnabled();
  await page.keyboard.press("a");
  const message = queue.toast(/^You approved/);
  const controls = [
    queue.button("Approve"),
    queue.button("Reject"),
    queue.button("Star"),
    queue.button("Skip"),
    page.getByLabel("Comment"),
    page.getByRole("button", { name: "Add comment" }),
  ];
  await expectClearOf(message, controls);
  await page.screenshot({ ...shot("review-desktop-after-approve"), fullPage: false });

  // Hovered, it stays past its time; left alone, it goes.
  await message.hover();
  await page.clock.runFor(20_000);
  await expect(message).toBeVisible();
  await page.mouse.move(5, 790);
  await page.clock.runFor(20_000);
  await expect(message).toBeHidden();

  // Focused (reached from the keyboard), it stays too.
  await expect(queue.button("Approve")).toBeEnabled();
  await page.keyboard.press("a");
  const second = queue.toast(/^You approved/);
  await second.getByRole("button", { name: "Undo" }).focus();
  await page.clock.runFor(20_000);
  await expect(second).toBeVisible();
  await expectAccessible(page);
  await second.getByRole("button", { name: "Undo" }).press("Enter");
  await expect(second).toBeHidden();
  await expect(queue.toast(/^Undone: approved/)).toBeVisible();
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
  // R asks for the reason at once (the field has the keys now); Escape goes on without one.
  await expect(queue.reason).toBeFocused();
  await page.keyboard.press("Escape");
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
