// Muli's service worker: shows turn messages sent by Web Push and opens the seat's link when the
// notification is tapped (focusing a tab that already shows it).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Muli", {
      body: data.body || "",
      tag: data.tag || "muli",
      renotify: true,
      icon: "/icon.svg",
      badge: "/icon.svg",
      data: { url: data.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const target = new URL(url, self.location.origin);
      for (const w of windows) {
        const open = new URL(w.url);
        if (open.pathname === target.pathname && "focus" in w) {
          // The fragment carries the seat token: navigate so the right seat opens.
          if (w.url !== target.href && "navigate" in w) await w.navigate(target.href);
          return w.focus();
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});

// A fetch handler makes the app installable in browsers that still ask for one; the network
// answers everything (tables must always be live).
self.addEventListener("fetch", () => {});
