import { startHookReceiver, startMailBox, type HookReceiver, type MailBox } from "../lib/notify/testing/receivers";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { texturePng } from "./images";
import { NewProductPage } from "./pages/new-product-page";
import { ProductPage } from "./pages/product-page";

// Told with no tab open: a training started in the UI, every tab then closed, produces one email
// (a real SMTP server) and one webhook call (a real HTTP server) when the local service finishes.

let mailbox: MailBox;
let hooks: HookReceiver;

test.beforeAll(async ({ stack }) => {
  mailbox = await startMailBox(stack.smtpPort);
  hooks = await startHookReceiver();
});
test.afterAll(async () => {
  await Promise.all([mailbox.close(), hooks.close()]);
});

test("a training finishes with every tab closed: one email, one webhook call, a line in the bell", async ({
  browser,
}) => {
  // A whole training, up to 40 s of waiting for the mail and the call, two sign-ins and three
  // accessibility scans: on a busy 2-core machine it ran past the default 60 s (CI, 2026-11-27).
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);

  // An admin adds the team's webhook.
  await page.goto("/webhooks");
  await page.getByLabel("Webhook address").fill(hooks.url);
  await page.getByRole("checkbox", { name: "Shots ready" }).uncheck();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByLabel("Signing secret")).toHaveText(/^whsec_/);
  await expectAccessible(page);
  await page.screenshot(shot("notify-webhooks"));

  await page.goto("/settings");
  await expect(page.getByRole("checkbox", { name: /a training I started has finished/ })).toBeChecked();
  await expectAccessible(page);

  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate("Coffee mug");
  await form.chooseTexture("Mug print", await texturePng("watched-mug.png", 1024));
  await form.name.fill("Watched mug");
  await form.create.click();
  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  const productId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  await new ProductPage(page).generateLora.click();
  await expect(page.getByText("Training started.")).toBeVisible();
  await context.close(); // every tab closed

  // Other journeys' trainings may be told meanwhile (their mails were queued before this server
  // listened): count this product's.
  const mails = () => mailbox.mails.filter((m) => m.subject?.includes("Watched mug"));
  const calls = () => hooks.calls.filter((c) => c.body.includes(productId));
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => calls().length, { timeout: 10_000 }).toBe(1);
  const mail = mails()[0];
  expect(mail.subject).toBe("“Watched mug” is ready for shots");
  expect(mail.text).toContain(`/products/${productId}`);
  expect(JSON.parse(calls()[0].body)).toMatchObject({
    event: "training.finished",
    product: { id: productId, name: "Watched mug" },
  });

  // Back in the app later: the bell has it.
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await signIn(later);
  const bell = later.getByRole("button", { name: /Notifications, \d+ unread/ });
  await bell.click();
  const line = later.getByRole("link", { name: /Training finished.*Watched mug/ });
  await expect(line).toBeVisible();
  await expectAccessible(later);
  await later.screenshot(shot("notify-bell"));
  await line.click();
  await expect(later).toHaveURL(new RegExp(`/products/${productId}$`));
  expect(mails()).toHaveLength(1);
  expect(calls()).toHaveLength(1);
  await laterContext.close();
});

test.describe("on a phone", () => {
  const PHONE = { width: 390, height: 844 };
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the bell's panel fits the screen: its heading and Email settings in full", async ({ page }) => {
    await signIn(page);
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.tap();
    const panel = page.locator(`[id="${await bell.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    // Every part of it within the 390 px screen (it once reached from −34 to 286 px).
    const parts = [
      panel,
      panel.getByRole("heading", { name: "Notifications" }),
      panel.getByRole("link", { name: "Email settings" }),
    ];
    for (const part of parts) {
      const box = (await part.boundingBox())!;
      expect(box.x, "left edge").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, "right edge").toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height, "bottom edge").toBeLessThanOrEqual(PHONE.height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await page.screenshot({ ...shot("notify-bell-phone"), fullPage: false });
    await panel.getByRole("link", { name: "Email settings" }).tap();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(panel).toBeHidden();
  });
});
