// Clocks and away seats on the player panels. The server's summary gives each seat
// `left_ms` and `running`; the page counts a running clock down from when it read the
// summary, and every new summary (one follows each move of a timed match) corrects it.
// An away seat is played by its bot: its player gets "Take my seat back", the host may hand
// a seat whose player went offline to its bot (the server says when it is too soon).

import { post, put } from "../api.js";
import { h } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { S, page, isHost, claimedSeat } from "./page.js";
import { setReject } from "./status.js";
import { botLabel, levelSelect } from "../botlevel.js";

const LAST_MINUTE = 60_000;
const LAST_HOURS = 6 * 3_600_000;

let readAt = performance.now();
let ticker = null;

/** Notes when a summary arrived: running clocks count down from then. */
export function noteSummary() {
  readAt = performance.now();
  if (!ticker && (S.summary?.seats || []).some((s) => s.running && s.left_ms != null)) ticker = setInterval(tick, 250);
}

/** Returns a seat's time left now (ms), or null without a clock. */
function leftNow(s) {
  if (s?.left_ms == null) return null;
  return Math.max(0, s.left_ms - (s.running ? performance.now() - readAt : 0));
}

/** Returns the clock's text: m:ss live (h:mm:ss past an hour), days and hours over days. */
export function clockText(ms, kind) {
  const secs = Math.ceil(ms / 1000);
  if (kind === "days" && secs >= 3600) {
    const d = Math.floor(secs / 86400);
    const hrs = Math.floor((secs % 86400) / 3600);
    return d ? t("clock.daysHours", { d, h: hrs }) : t("clock.hours", { h: hrs, m: Math.floor((secs % 3600) / 60) });
  }
  const hrs = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = String(secs % 60).padStart(2, "0");
  return hrs ? `${hrs}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function isLow(ms, kind) {
  return ms <= (kind === "days" ? LAST_HOURS : LAST_MINUTE);
}

function paint(el, s) {
  const kind = S.summary?.clock?.kind;
  const ms = leftNow(s);
  const low = isLow(ms, kind);
  // The last minute (hours, over days) is told by a sign and words as well as the colour.
  el.textContent = (low ? "⚠ " : "") + clockText(ms, kind);
  el.classList.toggle("low", low);
  el.setAttribute("aria-label", low ? t("clock.short") : t("clock.left"));
  el.title = low ? t("clock.short") : "";
  el.classList.toggle("running", !!s.running);
}

function tick() {
  const clocks = document.querySelectorAll(".p-clock[data-seat]");
  if (!clocks.length || S.summary?.status !== "running") {
    clearInterval(ticker);
    ticker = null;
    return;
  }
  for (const el of clocks) {
    const s = S.summary.seats[Number(el.dataset.seat)];
    if (s) paint(el, s);
  }
}

/** Returns seat i's clock, or null when the match has none (or the seat's turn has no deadline). */
export function clockOf(s, i) {
  if (!S.summary?.clock || S.summary.status !== "running" || leftNow(s) == null) return null;
  const el = h("span", { class: "p-clock", dataset: { seat: i, testid: `clock-${i}` }, role: "timer", "aria-label": t("clock.left") });
  paint(el, s);
  return el;
}

/**
 * Returns a person's presence in words: "Online", or "Offline since 14:02" (a date before
 * today's times) — kept apart from "Played by bot", which says who moves for the seat.
 */
export function presenceText(s, online) {
  if (online) return t("online");
  if (!s?.seen_at) return t("offline");
  const at = new Date(s.seen_at);
  const today = at.toDateString() === new Date().toDateString();
  const time = at.toLocaleString(getLang(), today ? { hour: "2-digit", minute: "2-digit" } : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return t("offlineSince", { time });
}

/** Returns "Take my seat back" (shown first on the screen while my seat is away: screen.js). */
export function takeBackButton() {
  return h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "take-back" }, onclick: (ev) => send(ev, "back", {}) }, t("clock.takeBack"));
}

/** Returns the away mark of seat i, or the button the host may press to hand a seat to its bot. */
export function awayOf(s, i, me) {
  if (S.summary?.status !== "running" || s?.kind !== "player") return null;
  if (s.away && !s.resigned) {
    return h(
      "div",
      { class: "p-away" },
      h("span", { class: "tag tag-away", dataset: { testid: `away-${i}` } }, t("clock.away")),
      standIn(s, i),
    );
  }
  if (!s.away && !me && !s.online && isHost()) {
    return h("div", { class: "p-away" }, h("button", { type: "button", class: "btn btn-small", dataset: { testid: `hand-${i}` }, onclick: (ev) => send(ev, "away", { seat: i }) }, t("clock.handOver")));
  }
  return null;
}

/** The level of the bot playing for an away player: the host's to choose, everyone's to read. */
function standIn(s, i) {
  if (!isHost()) return h("span", { class: "tag tag-bot", dataset: { testid: `away-level-${i}` } }, botLabel(s.level));
  const choose = async (level) => {
    try {
      page.setSummary(await put(`/api/matches/${encodeURIComponent(S.id)}/seats/${i}/level`, { level }));
      setReject(null);
    } catch (err) {
      setReject({ reason: err.message });
    }
    page.renderAll();
  };
  return levelSelect(s.level, { label: t("standInLevelLabel", { n: i + 1 }), testid: `away-level-${i}`, choose });
}

/** Takes my away seat back before I act myself: a move of my own means I am here again. */
export async function backBeforeActing() {
  const mine = S.summary?.seats?.[claimedSeat()];
  if (!mine?.away || mine.resigned) return;
  try {
    page.setSummary(await post(`/api/matches/${encodeURIComponent(S.id)}/back`, {}));
  } catch (err) {
    console.info("caravela: taking the seat back failed:", err.message); // the move is tried anyway
  }
}

async function send(ev, route, body) {
  ev.currentTarget.disabled = true;
  try {
    page.setSummary(await post(`/api/matches/${encodeURIComponent(S.id)}/${route}`, body));
    setReject(null); // an earlier "too soon" no longer holds
  } catch (err) {
    setReject({ reason: err.message });
  }
  page.renderAll();
}
