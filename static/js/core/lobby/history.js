// "Finished matches" on the home page: every finished match, the latest to end first, with
// its final places and scores and a link to its replay (/m/{id}?v=0). It can be narrowed to
// one game or to your own; "Your matches" (mine.js) keeps your last few at hand, this is the
// whole record. Read once, then again on a filter or a page change.

import { get } from "../api.js";
import { h, clear, seatChip } from "../dom.js";
import { t } from "../i18n.js";
import { ago } from "../account/ago.js";
import { shownNames } from "../account/names.js";
import { resignedTag, resignedSeats } from "../scores.js";
import { state, els, gameById } from "./state.js";

const PAGE = 10;

export const past = { data: null, error: null, game: "", onlyMine: false, offset: 0 };

/** Reads the current page of finished matches and redraws the card. */
export async function loadHistory() {
  const query = new URLSearchParams({ offset: String(past.offset), limit: String(PAGE) });
  if (past.game) query.set("game", past.game);
  if (past.onlyMine && state.player) query.set("player", state.player.id);
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
  el.append(h("h2", { id: "history-h", class: "card-title" }, t("history.title")), filters());
  if (past.error) el.append(h("p", { class: "error" }, past.error));
  const list = past.data?.matches || [];
  if (past.data && !list.length) el.append(h("p", { class: "muted" }, t("history.none")));
  if (list.length) el.append(h("ul", { class: "match-list", dataset: { testid: "history-list" } }, list.map(entry)));
  const pages = pager();
  if (pages) el.append(pages);
}

function filters() {
  const games = h(
    "select",
    { id: "history-game", "aria-label": t("history.game"), onchange: (ev) => refilter({ game: ev.currentTarget.value }) },
    h("option", { value: "" }, t("history.allGames")),
    (state.games || []).map((g) => h("option", { value: g.id, selected: g.id === past.game }, g.title)),
  );
  const mineBox = h("input", { type: "checkbox", id: "history-mine", checked: past.onlyMine, onchange: (ev) => refilter({ onlyMine: ev.currentTarget.checked }) });
  return h("div", { class: "row history-filters" }, games, state.player ? h("label", { for: "history-mine", class: "small" }, mineBox, " ", t("history.onlyMine")) : null);
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
          o.ranking.map((seat) => h("li", {}, seatChip(seat, names[seat]), " ", t("mine.place", { place: o.places[seat], name: names[seat], score: o.scores[seat] }), resigned.includes(seat) ? [" ", resignedTag(seat)] : null)),
        )
      : null,
    h("div", { class: "match-links" }, h("a", { class: "btn btn-small", href: `/m/${encodeURIComponent(m.id)}?v=0`, dataset: { testid: `replay-${m.id}` } }, t("history.replay"))),
  );
}
