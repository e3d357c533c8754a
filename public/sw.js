// Product Studio's service worker: it only shows the notifications pushed to this device and
// opens the page each one is about. It has no fetch handler, so pages load as they always do.
// Plain JavaScript served as it is from public/ (scope "/"); see lib/notify/send-push.ts for the
// payload: { title, body, url } with url a path inside the app.

const ICON = "/notification-icon.png";

// A path inside the app, or the app's home: a payload cannot send the click to another site.
function appPath(url) {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return "/";
  return url;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Product Studio";
  const url = appPath(message.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: ICON,
      badge: ICON,
      // One notification per page: a second push about the same page replaces the first.
      tag: url,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data && event.notification.data.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab already on that page is brought forward; otherwise the page opens in a new one, so
      // a tab with something half done in it is never taken away from the person.
      const same = tabs.find((tab) => {
        const at = new URL(tab.url);
        return at.origin === target.origin && at.pathname + at.search === target.pathname + target.search;
      });
      if (same) return same.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
