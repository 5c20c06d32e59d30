// The leaderboard (/leaderboard?game=, else the game you played most): a game's ratings, best first, among your circle (you
// and everyone you have played a rated match with; it needs you signed in), or, given the
// admin token, everyone rated on the server. The admin token is kept in this page only (never
// stored) and sent with that one request.

import { get } from "../api.js";
import { h, clear } from "../dom.js";
import { t, onLangChange } from "../i18n.js";
import { renderHeader } from "../header.js";
import { getPlayer } from "../identity.js";
import { raterLink, ratingText } from "./names.js";

const root = document.getElementById("records-root");
const me = getPlayer();
const data = { games: [], game: new URLSearchParams(location.search).get("game"), board: null, error: null, admin: null, adminError: null };

async function load() {
  try {
    data.games = await get("/api/games");
    if (!data.games.some((g) => g.id === data.game)) data.game = (await mostPlayed()) || data.games[0]?.id || null;
  } catch (err) {
    data.error = err.status === 0 ? t("networkError") : err.message;
  }
  await loadBoard();
}

/** The game you have played most rated matches of (the board opens there). */
async function mostPlayed() {
  if (!me) return null;
  try {
    const { ratings } = await get(`/api/players/${encodeURIComponent(me.id)}/ratings`);
    return [...ratings].sort((a, b) => b.games - a.games)[0]?.game || null;
  } catch {
    return null;
  }
}

async function loadBoard() {
  data.board = null;
  data.error = null;
  const query = new URLSearchParams({ game: data.game || "" });
  try {
    if (data.admin) {
      query.set("circle", "false");
      data.board = await get(`/api/leaderboard?${query}`, { token: data.admin });
    } else if (me) {
      data.board = await get(`/api/leaderboard?${query}`);
    }
  } catch (err) {
    if (data.admin) {
      data.adminError = err.status === 401 ? t("leaderboard.badAdmin") : err.message;
      data.admin = null;
      return loadBoard();
    }
    data.error = err.status === 0 ? t("networkError") : err.message;
  }
  draw();
}

function draw() {
  renderHeader(document.getElementById("topbar"));
  document.getElementById("skip-link").textContent = t("skip");
  document.title = `${t("leaderboard.title")} · Caravela`;
  const focused = document.activeElement?.id;
  clear(root);
  root.removeAttribute("aria-busy");
  root.append(
    h("div", { class: "records-head" }, h("h1", { class: "records-title" }, t("leaderboard.title")), me ? h("a", { class: "btn btn-small", href: `/p/${encodeURIComponent(me.id)}`, dataset: { testid: "my-record" } }, t("records.yours")) : null),
    h("section", { class: "card", "aria-labelledby": "board-h" }, h("div", { class: "card-head" }, h("h2", { id: "board-h", class: "card-title" }, scopeText()), gameSelect()), body()),
    adminForm(),
  );
  if (focused) document.getElementById(focused)?.focus();
}

function scopeText() {
  return data.admin ? t("leaderboard.wide") : t("leaderboard.circle");
}

function gameSelect() {
  return h(
    "label",
    { class: "row small" },
    t("history.game"),
    h(
      "select",
      { id: "board-game", class: "board-game", dataset: { testid: "board-game" }, onchange: (ev) => {
        data.game = ev.currentTarget.value;
        history.replaceState(null, "", `?game=${encodeURIComponent(data.game)}`);
        loadBoard();
      } },
      data.games.map((g) => h("option", { value: g.id, selected: g.id === data.game }, g.title)),
    ),
  );
}

function body() {
  if (data.error) return h("p", { class: "error", role: "alert" }, data.error);
  if (!me && !data.admin) return h("p", { class: "muted", dataset: { testid: "board-sign-in" } }, t("leaderboard.signIn"));
  if (!data.board) return h("p", { class: "muted" }, t("loading"));
  if (!data.board.players.length) return h("p", { class: "muted", dataset: { testid: "board-empty" } }, t("leaderboard.empty"));
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "scores board", dataset: { testid: "leaderboard" } },
      h("caption", { class: "sr-only" }, scopeText()),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, t("rank")), h("th", { scope: "col" }, t("player")), ["records.rating", "records.games", "records.wins"].map((k) => h("th", { scope: "col", class: "num" }, t(k))))),
      h(
        "tbody",
        {},
        data.board.players.map((p) =>
          h(
            "tr",
            { class: p.id === me?.id ? "board-me" : "", dataset: { testid: `board-${p.id}` } },
            h("td", { class: "num" }, String(p.rank)),
            h("th", { scope: "row" }, raterLink(p), p.id === me?.id ? h("span", { class: "small muted" }, ` (${t("leaderboard.you")})`) : null),
            h("td", { class: "num total" }, ratingText(p.ordinal)),
            h("td", { class: "num" }, String(p.games)),
            h("td", { class: "num" }, String(p.wins)),
          ),
        ),
      ),
    ),
  );
}

function adminForm() {
  const input = h("input", { id: "admin-token", class: "input", type: "password", autocomplete: "off", dataset: { testid: "admin-token" } });
  const form = h(
    "form",
    { class: "row", onsubmit: (ev) => {
      ev.preventDefault();
      data.admin = input.value.trim() || null;
      data.adminError = null;
      loadBoard();
    } },
    h("label", { for: "admin-token", class: "sr-only" }, t("leaderboard.adminToken")),
    input,
    h("button", { type: "submit", class: "btn", dataset: { testid: "admin-show" } }, t("leaderboard.showAll")),
    data.admin ? h("button", { type: "button", class: "btn", dataset: { testid: "admin-circle" }, onclick: () => { data.admin = null; loadBoard(); } }, t("leaderboard.backToCircle")) : null,
  );
  return h(
    "details",
    { class: "card admin-board", open: !!data.admin || !!data.adminError },
    h("summary", {}, t("leaderboard.admin")),
    h("p", { class: "hint" }, t("leaderboard.adminHint")),
    form,
    data.adminError ? h("p", { class: "error", role: "alert" }, data.adminError) : null,
  );
}

draw();
onLangChange(draw);
load();
