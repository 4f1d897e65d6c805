// Muli's service worker: shows turn messages sent by Web Push and opens the seat's link when the
// notification is tapped (focusing a tab that already shows it). It confirms both to the server
// with the message's receipt and this device's push endpoint (POST /api/receipts), so that a
// message nobody saw goes again by the player's next channel, and one that was seen does not.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Tell the server this device showed (or its player opened) the message; best effort. */
async function confirm(receipt, event) {
  if (typeof receipt !== "string" || !receipt) return;
  try {
    const sub = await self.registration.pushManager.getSubscription();
    if (!sub) return;
    await fetch("/api/receipts", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ receipt, endpoint: sub.endpoint, event }),
      credentials: "omit",
    });
  } catch {
    // Offline: the message goes again by the next channel, which is what unseen means.
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(data.title || "Muli", {
        body: data.body || "",
        tag: data.tag || "muli",
        renotify: true,
        icon: "/icon.svg",
        badge: "/icon.svg",
        data: { url: data.url || "/", receipt: data.receipt || null },
      });
      await confirm(data.receipt, "shown");
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  const receipt = event.notification.data && event.notification.data.receipt;
  // Confirmed beside opening the window, not before it: a tap may open one only for a short while.
  event.waitUntil(
    Promise.all([
      confirm(receipt, "opened"),
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
    ]),
  );
});

// A fetch handler makes the app installable in browsers that still ask for one; the network
// answers everything (tables must always be live).
self.addEventListener("fetch", () => {});
