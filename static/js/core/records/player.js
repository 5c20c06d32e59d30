// The player page (/p/{id}): per game the rating (its ordinal, one number) with its history as
// a sparkline, games, wins, average and best score, the last results with their replays, and
// head-to-head against everyone met. Only rated matches count. A bot level (bot:normal) has a
// page like a person's. Read once, drawn again on a language change.

import { get } from "../api.js";
import { h, clear } from "../dom.js";
import { t, getLang, onLangChange } from "../i18n.js";
import { renderHeader } from "../header.js";
import { ago } from "../account/ago.js";
import { sparkline } from "./sparkline.js";
import { raterName, raterLink, ratingText, changeText } from "./names.js";

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const root = document.getElementById("records-root");
const data = { titles: {}, ratings: null, record: null, game: new URLSearchParams(location.search).get("game"), error: null };

const title = (game) => data.titles[game] || game;

async function load() {
  try {
    const [games, ratings] = await Promise.all([get("/api/games"), get(`/api/players/${encodeURIComponent(id)}/ratings`)]);
    data.titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
    data.ratings = ratings.ratings;
    if (!data.ratings.some((r) => r.game === data.game)) data.game = [...data.ratings].sort((a, b) => b.games - a.games)[0]?.game || null;
    if (data.game) await loadRecord();
  } catch (err) {
    data.error = err.status === 404 ? t("records.unknown") : err.status === 0 ? t("networkError") : err.message;
  }
  draw();
}

async function loadRecord() {
  data.record = await get(`/api/players/${encodeURIComponent(id)}/record?game=${encodeURIComponent(data.game)}`);
}

async function choose(game) {
  data.game = game;
  history.replaceState(null, "", `?game=${encodeURIComponent(game)}`);
  try {
    await loadRecord();
  } catch (err) {
    data.error = err.message;
  }
  draw();
  document.querySelector(`[data-testid="game-${CSS.escape(game)}"]`)?.focus();
}

function draw() {
  renderHeader(document.getElementById("topbar"));
  document.getElementById("skip-link").textContent = t("skip");
  clear(root);
  root.removeAttribute("aria-busy");
  const who = data.record?.player;
  const name = who ? raterName(who) : "";
  document.title = name ? `${name} · Caravela` : "Caravela";
  root.append(h("div", { class: "records-head" }, h("h1", { class: "records-title", dataset: { testid: "player-name" } }, name || t("records.player")), h("a", { href: "/leaderboard", class: "btn btn-small", dataset: { testid: "to-leaderboard" } }, t("leaderboard.title"))));
  if (data.error) return root.append(h("p", { class: "error card", role: "alert" }, data.error));
  if (!data.ratings) return root.append(h("p", { class: "muted" }, t("loading")));
  if (!data.ratings.length) return root.append(h("p", { class: "card muted", dataset: { testid: "no-ratings" } }, t("records.none")));
  root.append(gameTabs(), detail(data.record));
}

function gameTabs() {
  return h(
    "nav",
    { class: "records-games", "aria-label": t("records.games") },
    data.ratings.map((r) =>
      h(
        "button",
        { type: "button", class: r.game === data.game ? "game-tab current" : "game-tab", "aria-pressed": String(r.game === data.game), dataset: { testid: `game-${r.game}` }, onclick: () => choose(r.game) },
        h("span", { class: "game-tab-title" }, title(r.game)),
        h("span", { class: "game-tab-rating" }, ratingText(r.ordinal)),
      ),
    ),
  );
}

function detail(rec) {
  if (!rec) return null;
  const ordinals = rec.history.map((x) => x.ordinal);
  const r = rec.rating;
  return h(
    "div",
    { class: "records-grid" },
    h(
      "section",
      { class: "card rating-card", "aria-labelledby": "rating-h", dataset: { testid: "rating-card" } },
      h("h2", { id: "rating-h", class: "card-title" }, `${t("records.rating")} · ${title(rec.game)}`),
      h("p", { class: "rating-big", dataset: { testid: "rating" } }, r ? ratingText(r.ordinal) : "–"),
      h("p", { class: "hint" }, t("records.ratingHint")),
      h("figure", { class: "spark-box", dataset: { testid: "rating-chart" } }, sparkline(ordinals, { label: t("records.chart", { n: ordinals.length }) }), h("figcaption", { class: "small muted" }, t("records.chart", { n: ordinals.length }), ": ", h("span", { class: "spark-range", dataset: { testid: "chart-range" } }, `${ratingText(ordinals[0] ?? 0)} → ${ratingText(ordinals[ordinals.length - 1] ?? 0)}`))),
      h(
        "dl",
        { class: "stats", dataset: { testid: "stats" } },
        stat("records.games", rec.games),
        stat("records.wins", rec.wins),
        stat("records.average", rec.average_score ?? "–"),
        stat("records.best", rec.best_score ?? "–"),
      ),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "last-h" },
      h("h2", { id: "last-h", class: "card-title" }, t("records.last")),
      h("ul", { class: "plain-list results", dataset: { testid: "last-results" } }, rec.last.map(result)),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h2h-h" },
      h("h2", { id: "h2h-h", class: "card-title" }, t("records.h2h")),
      rec.head_to_head.length ? versusTable(rec.head_to_head) : h("p", { class: "muted" }, t("records.noH2h")),
    ),
  );
}

function stat(key, value) {
  const shown = typeof value === "number" ? new Intl.NumberFormat(getLang(), { maximumFractionDigits: 1 }).format(value) : value;
  return h("div", { class: "stat" }, h("dt", {}, t(key)), h("dd", {}, shown));
}

function result(x) {
  const change = changeText(x.change);
  return h(
    "li",
    { class: "list-row result", dataset: { testid: `result-${x.match_id}` } },
    h(
      "div",
      { class: "result-main" },
      h("span", { class: x.place === 1 ? "result-place won" : "result-place" }, t("records.place", { place: x.place, seats: x.seats })),
      h("span", { class: "small" }, t("records.score", { score: x.score ?? "–" })),
      h("span", { class: x.change > 0 ? "result-change up" : "result-change", "aria-label": t("records.changeLabel", { change }) }, change),
      h("span", { class: "small muted" }, t("records.versus"), " ", x.opponents.flatMap((o, i) => [i ? ", " : "", raterLink(o)])),
      h("span", { class: "small muted" }, ago(x.at)),
    ),
    h("a", { class: "btn btn-small", href: x.replay, dataset: { testid: `replay-${x.match_id}` } }, t("history.replay")),
  );
}

function versusTable(rows) {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "scores versus", dataset: { testid: "head-to-head" } },
      h("caption", { class: "sr-only" }, t("records.h2h")),
      // Won, lost and drawn share a column ("3–1–0"), so the table fits a phone in any language.
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("records.opponent")), h("th", { scope: "col", class: "num" }, t("records.games")), h("th", { scope: "col", class: "num" }, h("abbr", { title: t("records.wldLong") }, t("records.wld"))))),
      h(
        "tbody",
        {},
        rows.map((o) => h("tr", { dataset: { testid: `versus-${o.id}` } }, h("th", { scope: "row" }, raterLink(o)), h("td", { class: "num" }, String(o.games)), h("td", { class: "num wld", "aria-label": t("records.wldSay", { won: o.wins, lost: o.losses, drawn: o.draws }) }, `${o.wins}–${o.losses}–${o.draws}`))),
      ),
    ),
  );
}

draw();
onLangChange(draw);
load();
