// "Your matches" on the home page, above the open lobbies: matches where it is your turn
// first, then those where you wait, then the last finished ones with their results. It is
// read again every few seconds while the tab is visible, and the number of matches waiting
// for you shows in the tab title, as a badge on the favicon, and on the installed app's icon.

import { get, post } from "../api.js";
import { h, clear, seatChip } from "../dom.js";
import { t, joinList } from "../i18n.js";
import { ago } from "../account/ago.js";
import { appBadge } from "../install.js";
import { shownNames } from "../account/names.js";
import { resignedTag, resignedSeats } from "../scores.js";
import { state, els, gameById, statusText } from "./state.js";

const POLL_MS = 4000;
const FAVICON = document.querySelector('link[rel="icon"]')?.getAttribute("href");

export const mine = { data: null, error: null };

/** Reads your matches again (only with a player) and redraws the card. */
export async function loadMine() {
  if (!state.player) {
    mine.data = null;
    renderMine();
    return;
  }
  try {
    mine.data = await get("/api/me/matches");
    mine.error = null;
  } catch (err) {
    mine.error = err.status === 0 ? t("networkError") : err.message;
  }
  renderMine();
}

let started = false;
export function startMine() {
  loadMine();
  if (started) return; // again after a device link: one poll is enough
  started = true;
  setInterval(() => document.visibilityState === "visible" && loadMine(), POLL_MS);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && loadMine());
  globalThis.addEventListener("caravela:player", loadMine);
}

export function renderMine() {
  const el = els.mine;
  if (!el) return;
  clear(el);
  const data = mine.data;
  const turns = data?.turn?.length || 0;
  markTab(turns);
  el.hidden = !state.player || !data || !(turns + data.waiting.length + data.finished.length);
  if (el.hidden) return;
  el.append(h("h2", { id: "mine-h", class: "card-title" }, t("mine.title")));
  if (mine.error) el.append(h("p", { class: "error" }, mine.error));
  group(el, "turn", t("mine.yourTurn", { n: turns }), data.turn);
  group(el, "waiting", t("mine.waiting"), data.waiting);
  group(el, "finished", t("mine.finished"), data.finished);
}

function group(el, kind, title, entries) {
  if (!entries.length) return;
  el.append(
    h("h3", { class: "sub-title" }, title),
    h("ul", { class: `match-list mine-${kind}`, dataset: { testid: `mine-${kind}` } }, entries.map((m) => entry(kind, m))),
  );
}

function entry(kind, m) {
  const names = shownNames(m.seats);
  const title = m.title || gameById(m.game)?.title || m.game;
  const href = `/m/${encodeURIComponent(m.id)}`;
  return h(
    "li",
    { class: `match-item mine-item ${kind === "turn" ? "mine-turn-item" : ""}`, dataset: { matchId: m.id, testid: `mine-${m.id}` } },
    h("div", { class: "match-main" }, h("span", { class: "match-title" }, title), h("span", { class: `badge ${kind === "turn" ? "status-open" : `status-${m.status}`}` }, whose(kind, m, names))),
    h(
      "div",
      { class: "match-seats" },
      m.seats.map((s) => (s.kind === "empty" ? h("span", { class: "chip chip-empty", "aria-hidden": "true" }, "") : seatChip(s.seat, s.name))),
      h("span", { class: "small" }, joinList(m.seats.filter((s) => s.kind !== "empty").map((s) => names[s.seat]))),
      m.last_move_at ? h("span", { class: "muted small" }, "· " + t("mine.lastMove", { when: ago(m.last_move_at) })) : null,
    ),
    kind === "finished" ? results(m, names) : null,
    h("div", { class: "match-links" }, offered(m) ? answers(m) : null, h("a", { class: `btn btn-small ${kind === "turn" ? "btn-primary" : ""}`, href }, kind === "turn" ? t("mine.play") : t("mine.open"))),
  );
}

/** Tells whether my seat in this match is a rematch offer waiting for my answer. */
const offered = (m) => m.status === "open" && m.seats[m.my_seat]?.offer === "pending";

/** Accept / decline buttons for a rematch seat offered to me. */
function answers(m) {
  const answer = async (ev, what) => {
    ev.currentTarget.disabled = true;
    try {
      await post(`/api/matches/${encodeURIComponent(m.id)}/offer/${what}`, {});
      if (what === "accept") location.assign(`/m/${encodeURIComponent(m.id)}`);
    } catch (err) {
      mine.error = err.message;
    }
    loadMine();
  };
  return [
    h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { testid: `mine-accept-${m.id}` }, onclick: (ev) => answer(ev, "accept") }, t("rematch.accept")),
    h("button", { type: "button", class: "btn btn-small", dataset: { testid: `mine-decline-${m.id}` }, onclick: (ev) => answer(ev, "decline") }, t("rematch.decline")),
  ];
}

/** Returns who the match waits for, in words. */
function whose(kind, m, names) {
  if (kind === "turn") return t("yourTurn");
  if (kind === "finished") return t("status.finished");
  if (offered(m)) return t("mine.rematchOffered");
  if (m.status === "open") return statusText(m);
  const others = m.to_act.filter((s) => s !== m.my_seat).map((s) => names[s]);
  return others.length ? t("mine.waitingFor", { names: joinList(others) }) : t("status.running");
}

function results(m, names) {
  const o = m.outcome;
  if (!o) return null;
  return h(
    "ol",
    { class: "mine-results small", "aria-label": t("finalScores") },
    o.ranking.map((seat) => h("li", { class: seat === m.my_seat ? "mine-me" : "" }, t("mine.place", { place: o.places[seat], name: names[seat], score: o.scores[seat] }), resignedSeats(m.seats).includes(seat) ? [" ", resignedTag(seat)] : null)),
  );
}

/** Shows how many matches wait for you in the tab title and as a badge on the favicon. */
function markTab(n) {
  document.title = n ? `(${n}) Caravela` : "Caravela";
  appBadge(n);
  const icon = document.querySelector('link[rel="icon"]');
  if (!icon || !FAVICON) return;
  if (!n) {
    icon.setAttribute("href", FAVICON);
    return;
  }
  const label = n > 9 ? "9+" : String(n);
  const badge =
    `<circle cx='23' cy='9' r='9' fill='%23c81e1e'/>` +
    `<text x='23' y='13' font-size='${label.length > 1 ? 10 : 13}' font-family='sans-serif' font-weight='700' text-anchor='middle' fill='white'>${label}</text>`;
  const encoded = badge.replace(/</g, "%3C").replace(/>/g, "%3E");
  icon.setAttribute("href", FAVICON.replace("%3C/svg%3E", encoded + "%3C/svg%3E"));
}
