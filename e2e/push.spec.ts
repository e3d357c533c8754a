import type { BrowserContext, Page, Worker } from "@playwright/test";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

// Notifications on a device, in Chromium: the settings' switch says in words what this browser
// can do, and the service worker (public/sw.js) shows a pushed message and opens its page.
//
// What headless Chromium cannot do, found by trying: it has no push service, so
// PushManager.subscribe fails ("Registration failed - permission denied") and no subscription
// reaches the app from here (lib/notify/push.test.ts covers the app's side against a push
// service stand-in). A real push event is delivered to the worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage). Nothing can click a notification: Chromium opens
// or focuses a window only from a click it made itself ("Not allowed to open a window" from a
// script-made notificationclick), so the click is dispatched in the worker and what the worker
// asked of the browser (open this address, focus that tab) is recorded on the way through.

// The little of a service worker's global scope these journeys touch (the project's TypeScript
// has no web-worker library).
interface ShownNotification {
  title: string;
  body: string;
  icon: string;
  data: unknown;
}
interface WorkerScope {
  registration: { getNotifications(): Promise<ShownNotification[]> };
  clients: { openWindow(url: string): Promise<unknown> };
  dispatchEvent(event: Event): boolean;
  WindowClient: { prototype: { focus(this: { url: string }): Promise<unknown> } };
  NotificationEvent: new (type: string, init: { notification: ShownNotification }) => Event;
}

async function serviceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  const registered = page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect(registered).resolves.toBe(true);
  return context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
}

async function pushTo(context: BrowserContext, page: Page, message: { title: string; body: string; url: string }) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const registration = registrations.find((r) => r.scopeURL === `${origin}/`)!;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(message),
  });
  await cdp.detach();
}

const shown = (worker: Worker) =>
  worker.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      icon: n.icon,
      data: n.data as unknown,
    })),
  );

/** Dispatches a click on the shown notification; answers what the worker asked the browser to do. */
const click = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const asked: string[] = [];
    const openWindow = scope.clients.openWindow.bind(scope.clients);
    scope.clients.openWindow = (url: string) => {
      asked.push(`open ${url}`);
      return openWindow(url);
    };
    const focus = scope.WindowClient.prototype.focus;
    scope.WindowClient.prototype.focus = function (this: { url: string }) {
      asked.push(`focus ${this.url}`);
      return focus.call(this);
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
    // The worker first looks through the open tabs: wait until it has asked for something.
    for (let waited = 0; asked.length === 0 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    scope.clients.openWindow = openWindow;
    scope.WindowClient.prototype.focus = focus;
    return { asked, left: (await scope.registration.getNotifications()).length };
  });

test("a pushed message shows on this device, and its click opens the page it is about", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signIn(page);
  await page.goto("/settings");

  const device = page.getByRole("switch", { name: "Show my notifications on this device" });
  await expect(page.getByRole("status").filter({ hasText: /^Off: / })).toBeVisible();
  await expect(device).not.toBeChecked();
  await expectAccessible(page);
  // Turning it on registers the worker; headless Chromium then has no push service to subscribe to.
  await device.click(); // not check(): the switch flips back when the browser cannot subscribe
  await expect(
    page.getByRole("alert").filter({ hasText: /^Not changed: This browser could not reach its notification service/ }),
  ).toBeVisible();
  await expect(device).not.toBeChecked();
  await page.screenshot(shot("push-settings"));

  const worker = await serviceWorker(context, page);
  expect(new URL(worker.url()).pathname).toBe("/sw.js");
  await pushTo(context, page, {
    title: "Campaign finished",
    body: "“Spring”: 4 shots ready.",
    url: "/review",
  });
  await expect
    .poll(() => shown(worker))
    .toEqual([
      {
        title: "Campaign finished",
        body: "“Spring”: 4 shots ready.",
        icon: new URL("/notification-icon.png", baseURL).href,
        data: { url: "/review" },
      },
    ]);

  // No tab on that page: the click opens it, and the notification goes.
  const opened = await click(worker);
  expect(opened).toEqual({ asked: [`open ${new URL("/review", baseURL).href}`], left: 0 });

  // A tab already on that page is brought forward instead of opening another.
  const review = await context.newPage();
  await review.goto("/review");
  await pushTo(context, page, { title: "Shots ready", body: "2 images", url: "/review" });
  await expect.poll(async () => (await shown(worker)).length).toBe(1);
  const focused = await click(worker);
  expect(focused).toEqual({ asked: [`focus ${new URL("/review", baseURL).href}`], left: 0 });

  // A message cannot send the click to another site: it opens the app's home instead.
  await pushTo(context, page, { title: "Odd", body: "x", url: "https://elsewhere.example/" });
  await expect.poll(async () => (await shown(worker)).map((n) => n.data)).toEqual([{ url: "/" }]);
  expect(errors).toEqual([]);
  await context.close();
});

test("the worker and its icon are served to a browser without a session, with the worker's own policy", async ({
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
  const worker = await anonymous.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["content-security-policy"]).toBe("default-src 'self'");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(await worker.text()).toContain('addEventListener("notificationclick"');
  const icon = await anonymous.get("/notification-icon.png");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/png");
  const manifest = await anonymous.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ display: "standalone", start_url: "/" });
  await anonymous.dispose();
});

test("the switch says when the browser blocked notifications, and when an iPhone needs the home screen", async ({
  browser,
  baseURL,
}) => {
  // No permission granted: headless Chromium answers the browser's question with "denied".
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/settings");
  const device = page.getByRole("switch", { name: "Show my notifications on this device" });
  await device.click(); // not check(): the switch stays off once the browser answers "denied"
  await expect(page.getByRole("status").filter({ hasText: /^Blocked by the browser/ })).toBeVisible();
  await expect(device).toBeDisabled();
  await context.close();

  // Safari on an iPhone, in a tab: no Push API until the app is added to the home screen.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  await phone.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const iphone = await phone.newPage();
  await signIn(iphone);
  await iphone.goto("/settings");
  await expect(iphone.getByRole("status").filter({ hasText: /Add to Home Screen/ })).toBeVisible();
  await expect(iphone.getByRole("switch", { name: "Show my notifications on this device" })).toBeDisabled();
  await expectAccessible(iphone);
  await iphone.screenshot(shot("push-settings-iphone"));
  await phone.close();
});
