// "Finished matches" on the home page: every finished match, the latest to end first, with
// its final places and scores and a link to its replay (/m/{id}?v=0). It can be narrowed to
// one game or to one player's (a player's name in a row, or "Only mine"); "Your matches"
// (mine.js) keeps your last few at hand, this is the whole record. Each person's line links to their player page, and the card to the
// leaderboard. Read once, then again on a
// filter or a page change. The filters live in the address (?game=&player=&from=), so a
// reload or a shared link shows the same list.

import { get } from "../api.js";
import { h, clear, seatChip } from "../dom.js";
import { t } from "../i18n.js";
import { ago } from "../account/ago.js";
import { shownNames } from "../account/names.js";
import { resignedTag, resignedSeats } from "../scores.js";
import { state, els, gameById } from "./state.js";
import { playerHref } from "../records/names.js";

const PAGE = 10;

export const past = { data: null, error: null, game: "", player: "", playerName: "", offset: 0, ...fromAddress() };

/** Returns the filters the address holds. */
function fromAddress() {
  const q = new URLSearchParams(globalThis.location?.search || "");
  const offset = Number(q.get("from"));
  return { game: q.get("game") || "", player: q.get("player") || "", offset: Number.isInteger(offset) && offset > 0 ? offset : 0 };
}

/** Writes the filters into the address (replacing it: filtering is not a page to go back to). */
function toAddress() {
  const q = new URLSearchParams(location.search);
  for (const [key, value] of [["game", past.game], ["player", past.player], ["from", past.offset ? String(past.offset) : ""]]) {
    if (value) q.set(key, value);
    else q.delete(key);
  }
  const search = q.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
}

const onlyMine = () => !!state.player && past.player === state.player.id;

/** Reads the current page of finished matches and redraws the card. */
export async function loadHistory() {
  const query = new URLSearchParams({ offset: String(past.offset), limit: String(PAGE) });
  if (past.game) query.set("game", past.game);
  if (past.player) query.set("player", past.player);
  toAddress();
  try {
    past.data = await get(`/api/history?${query}`);
    past.error = null;
  } catch (err) {
    past.error = err.status === 0 ? t("networkError") : err.message;
  }
  renderHistory();
}

export function renderHistory() {
  const el = els.history;
  if (!el) return;
  clear(el);
  el.append(h("div", { class: "card-head" }, h("h2", { id: "history-h", class: "card-title" }, t("history.title")), recordLinks()), filters());
  if (past.error) el.append(h("p", { class: "error" }, past.error));
  const list = past.data?.matches || [];
  if (past.data && !list.length) el.append(h("p", { class: "muted" }, t("history.none")));
  if (list.length) el.append(h("ul", { class: "match-list", dataset: { testid: "history-list" } }, list.map(entry)));
  const pages = pager();
  if (pages) el.append(pages);
}

/** The leaderboard, and your own player page once you have a name. */
function recordLinks() {
  return h(
    "div",
    { class: "card-tools" },
    state.player ? h("a", { class: "btn btn-small", href: playerHref(state.player.id), dataset: { testid: "my-record" } }, t("records.yours")) : null,
    h("a", { class: "btn btn-small", href: "/leaderboard", dataset: { testid: "to-leaderboard" } }, t("leaderboard.title")),
  );
}

function filters() {
  const games = h(
    "select",
    { id: "history-game", "aria-label": t("history.game"), onchange: (ev) => refilter({ game: ev.currentTarget.value }) },
    h("option", { value: "" }, t("history.allGames")),
    (state.games || []).map((g) => h("option", { value: g.id, selected: g.id === past.game }, g.title)),
  );
  const mineBox = h("input", { type: "checkbox", id: "history-mine", checked: onlyMine(), onchange: (ev) => refilter({ player: ev.currentTarget.checked ? state.player.id : "" }) });
  const someone = past.player && !onlyMine() ? playerName(past.player) : null;
  return h(
    "div",
    { class: "row history-filters" },
    games,
    state.player ? h("label", { for: "history-mine", class: "small" }, mineBox, " ", t("history.onlyMine")) : null,
    someone
      ? h("button", { type: "button", class: "btn btn-small", dataset: { testid: "history-player" }, "aria-label": t("history.allPlayers"), onclick: () => refilter({ player: "" }) }, t("history.byPlayer", { name: someone }), h("span", { "aria-hidden": "true" }, " ×"))
      : null,
  );
}

/** Returns a player's name as the listed matches give it (the id's start while none is listed). */
function playerName(id) {
  for (const m of past.data?.matches || []) for (const s of m.seats || []) if (s.player_id === id) return s.name;
  return past.playerName || id.slice(0, 6);
}

function refilter(change) {
  Object.assign(past, change, { offset: 0 });
  loadHistory();
}

function pager() {
  const total = past.data?.total || 0;
  if (total <= PAGE) return null;
  const turn = (offset) => () => {
    past.offset = Math.max(0, offset);
    loadHistory();
  };
  return h(
    "div",
    { class: "row history-pager" },
    h("button", { type: "button", class: "btn btn-small", disabled: past.offset === 0, onclick: turn(past.offset - PAGE) }, t("history.newer")),
    h("span", { class: "muted small" }, t("history.range", { from: past.offset + 1, to: Math.min(total, past.offset + PAGE), total })),
    h("button", { type: "button", class: "btn btn-small", disabled: past.offset + PAGE >= total, onclick: turn(past.offset + PAGE) }, t("history.older")),
  );
}

/** A place in a row: a person's name there narrows the list to their matches; ↗ opens their player page. */
function placeText(m, seat, names) {
  const text = t("mine.place", { place: m.outcome.places[seat], name: names[seat], score: m.outcome.scores[seat] });
  const id = m.seats?.[seat]?.kind === "player" ? m.seats[seat].player_id : null;
  if (!id) return text;
  const page = h("a", { href: playerHref(id), class: "rater", title: names[seat], "aria-label": names[seat], dataset: { testid: `history-player-${id}` } }, "↗");
  if (id === past.player) return [text, " ", page];
  const pick = () => {
    past.playerName = m.seats[seat].name;
    refilter({ player: id });
  };
  return [h("button", { type: "button", class: "link-button", title: t("history.onlyPlayer", { name: names[seat] }), dataset: { testid: `history-by-${id}` }, onclick: pick }, text), " ", page];
}

function entry(m) {
  const names = shownNames(m.seats);
  const o = m.outcome;
  const resigned = resignedSeats(m.seats);
  return h(
    "li",
    { class: "match-item", dataset: { testid: `history-${m.id}` } },
    h(
      "div",
      { class: "match-main" },
      h("span", { class: "match-title" }, m.title || gameById(m.game)?.title || m.game),
      m.finished_at ? h("span", { class: "muted small" }, ago(m.finished_at)) : null,
    ),
    o
      ? h(
          "ol",
          { class: "mine-results small", "aria-label": t("finalScores") },
          o.ranking.map((seat) => h("li", {}, seatChip(seat, names[seat]), " ", placeText(m, seat, names), resigned.includes(seat) ? [" ", resignedTag(seat)] : null)),
        )
      : null,
    h("div", { class: "match-links" }, h("a", { class: "btn btn-small", href: `/m/${encodeURIComponent(m.id)}?v=0`, dataset: { testid: `replay-${m.id}` } }, t("history.replay"))),
  );
}
