// The lobby page (/): your name, the games with a create form, and the open and running
// matches with Join / Watch / Resume links. The parts live in lobby/; this module builds
// the page, loads the games and matches, and refreshes the list every few seconds while
// the tab is visible.

import { get } from "./api.js";
import { h, clear } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import { renderHeader } from "./header.js";
import { verifyPlayer, redeemLinkInAddress } from "./identity.js";
import { state, els, lobby } from "./lobby/state.js";
import { renderName } from "./lobby/name.js";
import { renderGames } from "./lobby/create.js";
import { renderMatches } from "./lobby/matches.js";
import { renderMine, startMine } from "./lobby/mine.js";
import { renderHistory, loadHistory } from "./lobby/history.js";

const POLL_MS = 5000;
const root = document.getElementById("lobby-root");

function build() {
  document.title = "Caravela";
  document.getElementById("skip-link").textContent = t("skip");
  renderHeader(document.getElementById("topbar"));
  clear(root);
  root.removeAttribute("aria-busy");
  els.name = h("section", { class: "card name-card", "aria-labelledby": "name-h" });
  els.games = h("section", { class: "card games-card", "aria-labelledby": "games-h" });
  els.matches = h("section", { class: "card matches-card", "aria-labelledby": "matches-h" });
  els.mine = h("section", { class: "card mine-card", "aria-labelledby": "mine-h", dataset: { testid: "mine" }, hidden: true });
  els.history = h("section", { class: "card history-card", "aria-labelledby": "history-h", dataset: { testid: "history" } });
  root.append(h("div", { class: "hero" }, h("h1", { class: "hero-title" }, "Caravela"), h("p", { class: "hero-sub" }, t("tagline"))), els.name, els.mine, els.games, els.matches, els.history);
  renderName();
  renderHistory();
  renderMine();
  renderGames();
  renderMatches();
}

async function loadGames() {
  state.gamesError = null;
  try {
    state.games = await get("/api/games");
  } catch (err) {
    state.gamesError = err.status === 0 ? t("networkError") : err.message;
  }
  renderGames();
  renderMatches();
  loadHistory();
}

let loadingMatches = false;
async function loadMatches(manual = false) {
  if (loadingMatches) return;
  loadingMatches = true;
  try {
    const data = await get("/api/matches");
    state.matches = Array.isArray(data) ? data : data?.matches || [];
    state.matchesError = null;
    state.updatedAt = new Date();
  } catch (err) {
    state.matchesError = err.status === 0 ? t("networkError") : err.message;
  } finally {
    loadingMatches = false;
  }
  // A re-render must not steal focus from the list (keyboard users) or from Refresh.
  const active = document.activeElement;
  const key = els.matches.contains(active) ? active?.dataset?.testid : manual ? "refresh" : null;
  renderMatches();
  if (key) els.matches.querySelector(`[data-testid="${CSS.escape(key)}"]`)?.focus();
}

Object.assign(lobby, { renderMatches, loadGames, loadMatches });

build();
onLangChange(() => {
  const focusedId = document.activeElement?.id;
  build();
  if (focusedId) document.getElementById(focusedId)?.focus();
});
loadGames();
loadMatches();
// A one-time device link (/#link=...) signs this browser in first; also when it is
// opened in a tab already showing the lobby, where only the address's #fragment changes.
function signInFromAddress() {
  return redeemLinkInAddress()
    .catch((err) => {
      state.nameMsg = { kind: "error", text: err.message };
    })
    .then(() => verifyPlayer())
    .then((p) => {
      const changed = JSON.stringify(p) !== JSON.stringify(state.player);
      state.player = p;
      if (changed || state.nameMsg) {
        renderName();
        renderMatches();
      }
      startMine();
    });
}
signInFromAddress();
window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#link=")) signInFromAddress();
});
setInterval(() => {
  if (document.visibilityState === "visible") loadMatches();
}, POLL_MS);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") loadMatches();
});
