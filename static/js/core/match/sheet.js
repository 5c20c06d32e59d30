// The panel on a phone: a row of tabs pinned at the foot of the window (Players, Log, Chat)
// that opens the panel's part as a sheet over the lower screen, so the board and the action
// bar stay in view and each part is one tap away. On a desktop (960 px and wider) the tabs
// are not shown and the panel is the column beside the stage (static/css/app.css).
//
// Each tab is a disclosure button (aria-expanded, aria-controls): a tap opens its part, a
// second tap or Escape closes it and gives the focus back to the tab. Which parts a tab shows
// is CSS on `#side[data-open]`: the log card, the chat card, and everything else (players,
// Resign, parts added later) under Players.

import { h } from "../dom.js";
import { t, onLangChange } from "../i18n.js";
import { $ } from "./page.js";

// tab -> [label key, the part its button controls]
const TABS = { players: ["sheet.players", "players-card"], log: ["sheet.log", "log-card"], chat: ["sheet.chat", "chat"] };
const sheet = { open: null, unread: 0, tabs: null };

/** Returns the part the panel shows as a sheet now, or null when closed. */
export function openTab() {
  return sheet.open;
}

/** Opens the panel at `tab` ("players", "log", "chat"), or closes it with null. */
export function showTab(tab) {
  sheet.open = tab && TABS[tab] ? tab : null;
  if (sheet.open === "chat") sheet.unread = 0;
  renderSheet();
}

/** Counts a new chat line heard while the chat is not open (the tab shows a count). */
export function noteChat(n = 1) {
  if (sheet.open === "chat" || !sheet.tabs) return;
  sheet.unread += n;
  renderSheet();
}

function toggle(tab) {
  showTab(sheet.open === tab ? null : tab);
  // Opened: the part's heading (or the chat's input) comes next, one Tab away, and in view.
  if (sheet.open) $("side").scrollTop = 0;
}

function button(tab) {
  const [key, part] = TABS[tab];
  const open = sheet.open === tab;
  const count = tab === "chat" && sheet.unread ? h("span", { class: "panel-tab-count", "aria-label": t("sheet.unread", { n: sheet.unread }) }, String(sheet.unread)) : null;
  return h(
    "button",
    {
      type: "button", class: open ? "panel-tab open" : "panel-tab", "aria-expanded": String(open), "aria-controls": part,
      dataset: { testid: `panel-tab-${tab}`, panelTab: tab }, onclick: () => toggle(tab),
    },
    h("span", {}, t(key)),
    count,
  );
}

/** Draws the tabs (once placed, then redrawn in place) and marks the open part on the panel. */
export function renderSheet() {
  const side = $("side");
  if (!side) return;
  if (!sheet.tabs) {
    sheet.tabs = h("nav", { class: "panel-tabs", id: "panel-tabs", dataset: { testid: "panel-tabs" } });
    side.prepend(sheet.tabs);
    side.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape" || !sheet.open) return;
      const tab = sheet.open;
      showTab(null);
      sheet.tabs.querySelector(`[data-panel-tab="${tab}"]`)?.focus();
    });
    onLangChange(renderSheet);
  }
  sheet.tabs.setAttribute("aria-label", t("sheet.label"));
  const focused = document.activeElement?.dataset?.panelTab;
  sheet.tabs.replaceChildren(...Object.keys(TABS).map(button));
  if (focused) sheet.tabs.querySelector(`[data-panel-tab="${focused}"]`)?.focus();
  if (sheet.open) side.dataset.open = sheet.open;
  else delete side.dataset.open;
}
