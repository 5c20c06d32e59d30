// The lobby's match list: open and running matches with Join / Watch / Resume links.

import { post } from "../api.js";
import { h, clear, seatChip } from "../dom.js";
import { t } from "../i18n.js";
import { state, els, lobby, gameById, statusText } from "./state.js";
import { timeControlText } from "../timecontrol.js";
import { LEVELS, DEFAULT_LEVEL, botLabel } from "../botlevel.js";

function mySeat(m) {
  const me = state.player;
  if (!me) return null;
  const s = (m.seats || []).find((x) => x.kind === "player" && x.player_id === me.id);
  return s ? s.seat : null;
}

export function renderMatches() {
  const el = clear(els.matches);
  const refresh = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "refresh" }, onclick: () => lobby.loadMatches(true) }, t("refresh"));
  const time = state.updatedAt?.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  el.append(
    h(
      "div",
      { class: "card-head" },
      h("h2", { id: "matches-h", class: "card-title" }, t("matches")),
      h("div", { class: "card-tools" }, time ? h("span", { class: "muted small" }, t("updated", { time })) : null, refresh),
    ),
  );
  const list = h("ul", { class: "match-list", dataset: { testid: "match-list" }, "aria-live": "polite" });
  el.append(list);
  if (state.matchesError) el.append(h("p", { class: "error" }, state.matchesError));
  if (!state.matches) list.append(h("li", { class: "muted" }, t("loading")));
  else if (!state.matches.length) list.append(h("li", { class: "empty muted" }, t("noMatches")));
  else for (const m of state.matches) list.append(matchItem(m));
}

function matchLinks(m, href) {
  if (mySeat(m) != null) return [h("a", { class: "btn btn-primary btn-small", href, dataset: { testid: `resume-${m.id}` } }, t("resume"))];
  const links = [];
  const seats = m.seats || [];
  if (m.status === "open" && seats.some((s) => s.kind === "empty")) {
    const a = h("a", { class: "btn btn-primary btn-small", href, dataset: { testid: `join-match-${m.id}` } }, t("join"));
    a.addEventListener("click", (ev) => joinFromLobby(ev, m));
    links.push(a);
  }
  links.push(h("a", { class: "btn btn-small", href, dataset: { testid: `watch-${m.id}` } }, t("watch")));
  return links;
}

function matchItem(m) {
  const seats = m.seats || [];
  const filled = seats.filter((s) => s.kind !== "empty").length;
  const title = m.title || gameById(m.game)?.title || m.game;
  const host = seats.find((s) => s.player_id != null && s.player_id === m.host_id);
  return h(
    "li",
    { class: "match-item", dataset: { matchId: m.id, status: m.status } },
    h("div", { class: "match-main" }, h("span", { class: "match-title" }, title), h("span", { class: `badge status-${m.status}` }, statusText(m))),
    h(
      "div",
      { class: "match-seats", "aria-label": t("seatsFilled", { filled, total: seats.length }) },
      seats.map((s) => (s.kind === "empty" ? h("span", { class: "chip chip-empty", "aria-hidden": "true" }, "") : seatChip(s.seat, s.name))),
      h("span", { class: "muted small" }, t("seatsFilled", { filled, total: seats.length })),
      host ? h("span", { class: "muted small" }, "· " + t("hostedBy", { name: host.name })) : null,
      m.clock ? h("span", { class: "muted small", dataset: { testid: `clock-of-${m.id}` } }, "· " + timeControlText(m.clock)) : null,
      botLevels(m),
    ),
    h("div", { class: "match-links" }, matchLinks(m, `/m/${encodeURIComponent(m.id)}`)),
  );
}

/** The bot seats' levels, one tag a level, strongest first: "Bot · strong", "2 × Bot · normal". */
function botLevels(m) {
  const levels = (m.seats || []).filter((s) => s.kind === "bot").map((s) => s.level || DEFAULT_LEVEL);
  if (!levels.length) return null;
  const strongestFirst = [...new Set(levels)].sort((a, b) => LEVELS.indexOf(b) - LEVELS.indexOf(a));
  return h(
    "span",
    { class: "bot-levels", dataset: { testid: `bots-of-${m.id}` } },
    strongestFirst.map((level) => h("span", { class: "tag tag-bot" }, t("botsAtLevel", { n: levels.filter((l) => l === level).length, bot: botLabel(level) }))),
  );
}

async function joinFromLobby(ev, m) {
  // Without a name the match page's waiting room asks for one; just follow the link.
  if (!state.player || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  const href = ev.currentTarget.getAttribute("href");
  try {
    await post(`/api/matches/${encodeURIComponent(m.id)}/join`, {});
  } catch (err) {
    // Seat taken or match full: the match page still lets them watch or pick another seat.
    console.info("caravela: join from lobby failed:", err.message);
  }
  location.assign(href);
}
