// Turn alerts: the tab title when your turn comes while the tab is hidden, a browser
// notification once the player switched them on, and the bell button in the header.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { renderHeader } from "../header.js";
import { S, $, isMyTurn, gameTitle } from "./page.js";
import { setReject } from "./status.js";

const NOTIFY_KEY = "caravela.notify";

function notifyEnabled() {
  return localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted";
}

export function updateTitle() {
  const base = gameTitle() ? `${gameTitle()} — Caravela` : "Caravela";
  S.baseTitle = base;
  if (document.visibilityState === "visible" || !isMyTurn()) document.title = base;
}

/** Marks the title (and notifies, if allowed) when the turn just became mine in a hidden tab. */
export function checkTurnChange() {
  const mine = isMyTurn();
  if (mine && !S.wasMyTurn && document.visibilityState === "hidden") {
    document.title = t("titleYourTurn");
    if (notifyEnabled()) {
      try {
        const n = new Notification("Caravela", { body: t("notifyBody", { game: gameTitle() }), tag: `caravela-${S.id}` });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {}
    }
  }
  if (!mine && document.title === t("titleYourTurn")) document.title = S.baseTitle;
  S.wasMyTurn = mine;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") document.title = S.baseTitle;
});

function bellIcon(on) {
  const span = h("span", { class: "icon", "aria-hidden": "true" });
  // Constant markup (never user text): a bell, struck through when alerts are off.
  span.innerHTML =
    '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    '<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/>' +
    (on ? "" : '<path d="M3 3l18 18"/>') +
    "</svg>";
  return span;
}

function bellButton() {
  if (!("Notification" in window)) return [];
  const on = notifyEnabled();
  const b = h("button", { type: "button", class: "btn btn-small btn-ghost", "aria-pressed": String(on), dataset: { testid: "notify" }, title: t("notify") }, bellIcon(on), h("span", { class: "btn-label" }, on ? t("notifyOn") : t("notify")));
  b.setAttribute("aria-label", on ? t("notifyOn") : t("notify"));
  b.addEventListener("click", async () => {
    if (notifyEnabled()) localStorage.setItem(NOTIFY_KEY, "0");
    else {
      const perm = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
      if (perm === "granted") localStorage.setItem(NOTIFY_KEY, "1");
      else setReject({ reason: t("notifyBlocked") });
    }
    renderMatchHeader();
    $("topbar").querySelector('[data-testid="notify"]')?.focus();
  });
  return [b];
}

/** Draws the page header with the turn-alert bell. */
export function renderMatchHeader() {
  renderHeader($("topbar"), bellButton);
}
