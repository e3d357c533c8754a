import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** The review queue: one image at a time, its buttons, the product and order pickers. */
export class ReviewQueuePage {
  readonly heading: Locator;
  readonly image: Locator;
  readonly product: Locator;
  readonly order: Locator;
  readonly legend: Locator;
  readonly swipeHint: Locator;
  readonly awaiting: Locator;
  /** "Campaign: <name>" when a campaign's link narrowed the queue, and the button that removes it. */
  readonly campaignFilter: Locator;
  readonly removeCampaign: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Review queue", level: 1 });
    this.image = page.getByRole("main").getByRole("figure").getByRole("img");
    this.product = page.getByLabel("Product", { exact: true });
    this.order = page.getByLabel("Order", { exact: true });
    this.legend = page.getByRole("list", { name: "Keyboard shortcuts" });
    this.swipeHint = page.getByText("Swipe the image right to approve, left to reject.");
    this.awaiting = page.getByText(/^\d+ images? awaits? review$/);
    this.campaignFilter = page.getByRole("main").getByText(/^Campaign: /);
    this.removeCampaign = page.getByRole("button", { name: "Review shots of every campaign" });
  }

  async goto(search = "") {
    await this.page.goto(`/review${search}`);
    await expect(this.heading).toBeVisible();
  }

  /** Narrows the queue to one product, chosen by its name as a person reads it. */
  async chooseProduct(name: string) {
    const option = this.product.getByRole("option", { name: new RegExp(`^${name} \\(\\d+\\)$`) });
    await this.product.selectOption((await option.getAttribute("value"))!);
  }

  /** Opens the queue narrowed to one product once all its `total` images have joined it (the app's poll sees them). */
  async openWithImagesOf(name: string, total: number) {
    await this.goto();
    await expect(async () => {
      await this.page.reload();
      await this.chooseProduct(name);
      await expect(this.awaiting).toHaveText(`${total} images await review`, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  }

  button(name: "Approve" | "Reject" | "Star" | "Skip"): Locator {
    return this.page.getByRole("main").getByRole("button", { name: new RegExp(`^${name}`) });
  }

  /** The bar under the thumb on a phone: the review buttons and Skip. */
  get bar(): Locator {
    return this.page.getByRole("main").getByRole("group", { name: "Review" }).locator("xpath=../..");
  }

  /** The reason field a rejection opens, and its two ways on. */
  get reason(): Locator {
    return this.page.getByRole("main").getByLabel(/^Why was it rejected\?/);
  }

  reasonButton(name: "Send reason" | "No reason"): Locator {
    return this.page.getByRole("main").getByRole("button", { name });
  }

  /** The message that says `words`, as one box on the screen. */
  toast(words: RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: words });
  }

  /** The current image's name: its prompt, with "(image i of n)" when the shot has several. */
  async current(): Promise<string> {
    return (await this.image.getAttribute("alt")) ?? "";
  }

  /** The Undo of the message that says `words` (the one for the action just taken, not an older one). */
  undoInToast(words: RegExp): Locator {
    return this.toast(words).getByRole("button", { name: "Undo" });
  }

  /** A thumb's swipe across the image. */
  async swipe(direction: "left" | "right") {
    await swipeAcross(this.image, direction === "right" ? 150 : -150);
  }
}

/** A real touch swipe of `dx` px across the element (touchstart, moves, touchend), as a thumb makes it. */
export async function swipeAcross(element: Locator, dx: number) {
  await element.scrollIntoViewIfNeeded();
  const page = element.page();
  const box = (await element.boundingBox())!;
  // High on the element: clear of the bars and messages at the bottom of a phone's screen.
  const y = box.y + Math.min(box.height / 3, 120);
  const x = box.x + box.width / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * step) / 6, y }] });
  }
  // The thumb rests before it lifts: a swipe that ends moving starts a fling, and the browser
  // spends the next tap on stopping it.
  await page.waitForTimeout(150);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + dx, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** An image's review state as the server has it, with that image's history. */
export async function serverReview(request: APIRequestContext, predictionId: string, index: number) {
  const body = (await (await request.get(`/api/predictions/${predictionId}/reviews`)).json()) as {
    images: { image_index: number; status: string | null; starred: boolean }[];
    events: { image_index: number; action: string; comment: string | null; undone_at: string | null }[];
  };
  return {
    ...body.images.find((i) => i.image_index === index)!,
    events: body.events.filter((e) => e.image_index === index),
  };
}
