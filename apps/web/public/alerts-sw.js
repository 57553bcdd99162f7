// The alerts service worker (features/follows/push-alerts-button.tsx registers it): shows a followed model's alert
// pushed by the site, and opens her page on this site when the alert is clicked.
self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(alert.title || "Alert", {
      body: alert.body || "",
      tag: alert.tag,
      icon: "/favicon.svg",
      data: { url: alert.url || "/following" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/following", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(target.href));
});
