// The page the service worker shows when a page cannot be fetched: it says so in the
// reader's language and tries again by itself as soon as the browser is back online.

import { t, getLang } from "./i18n.js";

document.documentElement.lang = getLang();
document.title = `Caravela — ${t("offline.title")}`;
document.getElementById("offline-h").textContent = t("offline.title");
document.getElementById("offline-body").textContent = t("offline.body");
const retry = document.getElementById("offline-retry");
retry.textContent = t("offline.retry");
retry.addEventListener("click", () => location.reload());
globalThis.addEventListener("online", () => location.reload());
