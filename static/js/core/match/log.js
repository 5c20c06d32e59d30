// The log panel: the lines this seat may read, newest first (or, when the renderer exports
// `logGroup`, in groups by round or day: newest group first, its header on top, newest line next; loggroups.js). A state brings the last lines,
// each patch its new ones; "Earlier lines" pages back through GET /api/matches/{id}/log.
// A line with a key is translated by the game's strings (its log_strings included).

import { get } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { afterState, afterPatch, mergeLines, mayHaveEarlier, lineText, numbered, placedWinnerLine, withNotes, lastN } from "../loglines.js";
import { S, $, names, withNames, gameText, makeCtx } from "./page.js";
import { groupLines } from "./loggroups.js";

const PAGE = 50;
let shownNewest = null; // newest n on screen, so only lines that arrived since flash
let drawn = null; // what the panel shows, to skip redrawing an unchanged log

/** Takes the log of a full state (its `log`, or an older server's `view.log`). */
export function logFromState(tail) {
  const oldest = S.log.lines[0]?.n;
  S.log.lines = afterState(S.log.lines, tail);
  if (S.log.lines[0]?.n !== oldest) S.log.more = null; // what the server said was about other lines
  S.log.changed += 1;
}

/** Takes the new lines of a patch. */
export function logFromPatch(lines) {
  if (!Array.isArray(lines) || !lines.length) return;
  S.log.lines = afterPatch(S.log.lines, lines);
  S.log.changed += 1;
}

/** Forgets the log (the socket now speaks for another seat). */
export function resetLog() {
  S.log = { lines: [], more: null, loading: false, error: null, changed: S.log.changed + 1 };
  shownNewest = null;
}

/** A log line's args; a renderer may translate them (e.g. a place named by its code). */
function logArgs(line) {
  const args = line.args || {};
  if (typeof S.renderer?.logArgs !== "function") return args;
  try {
    return S.renderer.logArgs(line, makeCtx()) || args;
  } catch (err) {
    console.error("caravela: logArgs failed", err);
    return args;
  }
}

function textOf(line) {
  return lineText(placedWinnerLine(line, S.summary?.outcome), { translate: (key, args, l) => gameText(key, logArgs(l)), withNames });
}

async function loadEarlier() {
  const oldest = S.log.lines[0];
  if (!oldest || S.log.loading) return;
  S.log.loading = true;
  S.log.error = null;
  renderLog();
  try {
    const page = await get(`/api/matches/${encodeURIComponent(S.id)}/log?before=${oldest.n}&limit=${PAGE}`);
    const lines = Array.isArray(page) ? page : page?.lines || [];
    S.log.lines = mergeLines(S.log.lines, numbered(lines, 0));
    S.log.more = Array.isArray(page) ? lines.length >= PAGE : !!page?.more;
  } catch (err) {
    S.log.error = err.status === 0 ? t("networkError") : err.message;
  } finally {
    S.log.loading = false;
    S.log.changed += 1;
    renderLog();
    $("log-more").querySelector("button")?.focus();
  }
}

function earlierButton() {
  const { loading, error } = S.log;
  if (!mayHaveEarlier(S.log.lines, S.log.more) && !loading) return null;
  return [
    h(
      "button",
      { type: "button", class: `btn btn-small log-earlier ${loading ? "is-loading" : ""}`, dataset: { testid: "log-earlier" }, "aria-busy": String(loading), disabled: loading, onclick: loadEarlier },
      loading ? [h("span", { class: "spinner", "aria-hidden": "true" }), t("logLoading")] : t("logEarlier"),
    ),
    error ? h("p", { class: "error small", role: "alert" }, t("logLoadFailed", { reason: error })) : null,
  ];
}

export function renderLog() {
  $("log-h").textContent = t("log");
  // Redraw only when the lines, the language, the names or the game's strings changed.
  const notes = S.summary?.notes || [];
  const key = [S.log.changed, S.log.loading, document.documentElement.lang, !!S.strings, notes.length, ...names()].join("\u0001");
  if (key === drawn) return;
  drawn = key;
  const list = $("log");
  // The service's lines (a seat resigned, a clock ran out) among the game's; a replay shows those written by then.
  const replaying = document.body.classList.contains("replaying");
  const lines = withNotes(S.log.lines, notes, { earlier: mayHaveEarlier(S.log.lines, S.log.more), upTo: replaying ? lastN(S.log.lines) : null });
  const fresh = shownNewest ?? Infinity; // no flash on first paint
  clear(list);
  if (!lines.length) list.append(h("li", { class: "log-empty muted" }, t("logEmpty")));
  const item = (line, cls = "") => h("li", { class: `log-line ${cls} ${line.note ? "log-note" : ""} ${line.n > fresh ? "fresh" : ""}`, dataset: line.note ? { n: line.n, testid: "log-note" } : { n: line.n } }, textOf(line));
  const opens = typeof S.renderer?.logGroup === "function" ? S.renderer.logGroup : null;
  if (opens) {
    // Newest round or day on top; inside it, its header and then its lines newest first, so
    // the newest line is the one under the header, never out of sight below the round's others.
    for (const g of groupLines(lines, opens).reverse()) {
      const inner = h("ol", { class: "log-group-lines" }, g.head ? item(g.head, "log-head") : null, [...g.lines].reverse().map((l) => item(l)));
      list.append(h("li", { class: "log-group" }, inner));
    }
  } else {
    for (let i = lines.length - 1; i >= 0; i--) list.append(item(lines[i]));
  }
  shownNewest = S.log.lines.length ? lastN(S.log.lines) : shownNewest;
  const more = clear($("log-more"));
  more.append(...(earlierButton() || []).filter(Boolean));
}
