// Caravela's service worker (served at /sw.js, scope /): the offline shell, and turn
// notices pushed by the server (Web Push).
//
// It keeps only the app's own static files (/static/…), which hold no secret: never an
// API answer, a socket, or a page (pages are fetched live; without a network the cached
// offline page says so). Static files come from the network first, so an upgraded server
// is seen at once, and from the cache only when the network fails.

const SHELL = "caravela-shell-v1";
const OFFLINE = "/static/offline.html";
const PRECACHE = [
  OFFLINE,
  "/static/css/app.css",
  "/static/favicon.svg",
  "/static/icons/icon-192.png",
  "/static/js/core/offline.js",
  "/static/js/core/i18n.js",
  "/static/js/core/format.js",
  "/static/i18n/en.js",
  "/static/i18n/ru.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** Only this origin's static files, fetched plainly (no credentials in the request). */
function cacheable(request, url) {
  return request.method === "GET" && url.origin === self.location.origin && url.pathname.startsWith("/static/") && !request.headers.has("authorization");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    // Pages are never stored; only their absence is answered, by the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (!cacheable(request, url)) return; // the browser's own handling: API, sockets, other sites
  event.respondWith(
    fetch(request)
      .then((answer) => {
        if (answer.ok && answer.type === "basic") {
          const copy = answer.clone();
          caches.open(SHELL).then((cache) => cache.put(request, copy));
        }
        return answer;
      })
      .catch(() => caches.match(request).then((hit) => hit || Response.error())),
  );
});

// A turn notice: {title, body, url, match, tag, badge}. The tag makes a newer notice of
// the same match replace the older one; badge counts the matches waiting for you.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const shown = self.registration.showNotification(data.title || "Caravela", {
    body: data.body || "",
    tag: data.tag || "caravela",
    renotify: Boolean(data.tag),
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-maskable-192.png",
    data: { match: data.match || null },
  });
  const badge = typeof data.badge === "number" && self.navigator.setAppBadge ? self.navigator.setAppBadge(data.badge).catch(() => {}) : null;
  event.waitUntil(Promise.all([shown, badge]));
});

// A tap opens the match: an open tab of it comes forward, else a new one opens. Only a
// path on this origin is opened, whatever address the notice carried.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const match = event.notification.data && event.notification.data.match;
  const path = match ? `/m/${encodeURIComponent(match)}` : "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => new URL(tab.url).pathname === path);
      if (open) return open.focus();
      return self.clients.openWindow(path);
    }),
  );
});
