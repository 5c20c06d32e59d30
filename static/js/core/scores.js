// The final score table: every player's breakdown by category, ranking and winners.

import { h } from "./dom.js";
import { markedChip } from "./widgets/seat.js";
import { t, gameString } from "./i18n.js";

function humanize(cat) {
  const s = String(cat).replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

function catLabel(cat, strings) {
  return gameString(strings, `score.${cat}`) ?? gameString(strings, cat) ?? humanize(cat);
}

/** Returns the "resigned" mark of a seat (final tables, history rows). */
export function resignedTag(seat) {
  return h("span", { class: "tag tag-resigned", dataset: { testid: `resigned-mark-${seat}` } }, t("resigned"));
}

/** Returns the seats of a summary's seat list that resigned. */
export function resignedSeats(seats) {
  return (seats || []).filter((s) => s?.resigned).map((s) => s.seat);
}

/**
 * Builds the score table of an outcome {scores, ranking, breakdown, winners}.
 * Returns {table, tie, tieBreak}: tie is true when equal totals were split by the game's
 * tie-break; `tieBreak` (the category a renderer names with its `tieBreak` export) is not a
 * scoring column but a line under the table: "Ducats: Ana 23 · Ben 1". `resigned` lists the
 * seats that resigned: ranked last whatever they scored, and marked so that a high score below
 * a lower one does not read as a scoring error. `links[seat]` makes that name a player-page link.
 */
export function scoreTable(o, { names: n, count, strings, resigned = [], links = [], tieBreak = null }) {
  const scores = o.scores || [];
  const ranking = Array.isArray(o.ranking) && o.ranking.length ? o.ranking : Array.from({ length: count }, (_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const winners = Array.isArray(o.winners) ? o.winners : ranking.length ? [ranking[0]] : [];
  const breakdown = o.breakdown || [];
  const cats = [];
  // The table adds its own total column, so a game's own "total" category is not repeated.
  for (const b of breakdown) for (const k of Object.keys(b || {})) if (k !== "total" && k !== tieBreak && !cats.includes(k)) cats.push(k);
  const tie = ranking.some((s, idx) => idx > 0 && scores[s] === scores[ranking[idx - 1]] && !(winners.includes(s) && winners.includes(ranking[idx - 1])));

  // Rank numbers: shared ranks only where the game itself declares shared winners.
  let rankNo = 0;
  const rows = ranking.map((s, idx) => {
    const sharedWin = idx > 0 && winners.includes(s) && winners.includes(ranking[idx - 1]);
    if (!sharedWin) rankNo = idx + 1;
    const win = winners.includes(s);
    return h(
      "tr",
      { class: win ? "winner" : "", dataset: { seat: s } },
      h("td", { class: "num" }, String(rankNo)),
      h(
        "th",
        { scope: "row" },
        h(
          "span",
          { class: "who" },
          markedChip(n, s),
          links[s] ? h("a", { href: links[s], class: "rater", dataset: { testid: `player-link-${s}` } }, n[s]) : h("span", {}, n[s]),
          win ? h("span", { class: "tag tag-win" }, h("span", { "aria-hidden": "true" }, "★"), h("span", { class: "tag-label" }, " " + t("winner"))) : null,
          resigned.includes(s) ? resignedTag(s) : null,
        ),
      ),
      // A category whose value is a word (Navegador's `king`: a sheet column) is named by the game's strings.
      cats.map((c) => { const v = breakdown[s]?.[c]; return h("td", { class: "num" }, typeof v === "string" ? gameString(strings, `score.${c}.${v}`) ?? v : v ?? "–"); }),
      h("td", { class: "num total" }, scores[s] ?? "–"),
    );
  });
  const table = h(
    "table",
    { class: "scores", dataset: { testid: "final-scores" } },
    h("caption", { class: "sr-only" }, t("finalScores")),
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col", class: "num" }, t("rank")), h("th", { scope: "col", class: "player" }, t("player")), cats.map((c) => h("th", { scope: "col", class: "num" }, catLabel(c, strings))), h("th", { scope: "col", class: "num total" }, t("total"))),
    ),
    h("tbody", {}, rows),
  );
  const broken = tieBreak && breakdown.some((b) => b && tieBreak in b);
  const note = broken ? `${catLabel(tieBreak, strings)}: ${ranking.map((s) => `${n[s]} ${breakdown[s]?.[tieBreak] ?? "–"}`).join(" · ")}` : null;
  return { table, tie, tieBreak: note };
}
