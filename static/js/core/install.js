// The installed app: registers the service worker (/sw.js: the offline shell and pushed
// turn notices) and keeps the app badge — the number on the home-screen icon, where the
// browser has the Badging API — equal to the matches waiting for you.

/** Registers the service worker once per page; resolves its registration, or null where there is none. */
export function registerWorker() {
  if (!globalThis.navigator || !("serviceWorker" in navigator) || !globalThis.isSecureContext) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

/** Shows `n` matches waiting for you on the app's icon (nothing at 0). */
export function appBadge(n) {
  if (!globalThis.navigator || !("setAppBadge" in navigator)) return;
  (n ? navigator.setAppBadge(n) : navigator.clearAppBadge()).catch(() => {});
}

registerWorker();
