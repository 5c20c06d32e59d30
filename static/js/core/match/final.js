// The final screen: the score table (scores.js, resigned seats last; each name links to its
// player page), back to the lobby,
// and the rematch. "Rematch" opens it, or joins the one already asked (one per
// match). Once asked, a banner offers each player their seat there: accept (which opens
// the rematch's page) or decline (a bot takes the seat).

import { get, post } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { scoreTable, resignedSeats } from "../scores.js";
import { S, $, names, seatCount, claimedSeat, outcome } from "./page.js";
import { setReject, overText } from "./status.js";
import { playerHref } from "../records/names.js";

const matchPath = (id, rest = "") => `/api/matches/${encodeURIComponent(id)}${rest}`;

// The rematch's summary as last read (again on each match frame here: an answer there
// tells this match too): every seat's answer, and whether mine is still awaited.
const offer = { id: null, summary: null, seen: null };

async function loadRematch(id) {
  offer.id = id;
  offer.seen = S.summary;
  try {
    offer.summary = await get(matchPath(id));
  } catch {
    offer.summary = null; // the banner still links to it
  }
  renderFinal();
}

// A rematch seats the old seat i + 1 at i and the first last (app/table/rematch.py), so a
// seat a bot took on a "no" is still known by its player's name, and mine by my old seat.
const oldSeat = (i) => (i + 1) % seatCount();
const newSeat = (old) => (old - 1 + seatCount()) % seatCount();

function mySeatThere() {
  const seats = offer.summary?.seats || [];
  return seats.find((s) => s.player_id === S.player?.id) || seats[newSeat(claimedSeat())] || null;
}

function myOffer() {
  return mySeatThere()?.offer || null;
}

/** Returns each other seat's answer, e.g. "Ben: accepted · Carla: waiting for an answer". */
function answers() {
  const mine = mySeatThere();
  const others = (offer.summary?.seats || []).filter((s) => s.offer && s !== mine);
  return others.map((s) => `${s.kind === "bot" ? names()[oldSeat(s.seat)] : s.name}: ${t(`offer.${s.offer}`)}`).join(" · ");
}

/** Returns the banner's first line: the offer, or what became of my seat when I said no or was replaced. */
function offerText(host) {
  const mine = myOffer();
  if (mine === "declined") return t("rematch.youDeclined");
  if (mine === "replaced") return t("rematch.youReplaced", { name: host?.name || t("host") });
  if (mine === "accepted") return t("rematch.youAccepted");
  return host && host.player_id !== S.player?.id ? t("rematch.offered", { name: host.name }) : t("rematch.asked");
}

function banner(id) {
  if (offer.id !== id || offer.seen !== S.summary) loadRematch(id);
  if (offer.id !== id) return null;
  const host = offer.summary?.seats?.find((s) => s.player_id === offer.summary.host_id);
  const pending = myOffer() === "pending";
  return h(
    "div",
    { class: "rematch-banner", role: "status", dataset: { testid: "rematch-banner" } },
    h("p", { dataset: { testid: "rematch-offer" } }, offerText(host)),
    answers() ? h("p", { class: "small", dataset: { testid: "rematch-answers" } }, answers()) : null,
    h(
      "div",
      { class: "row" },
      pending ? h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "rematch-accept" }, onclick: doRematch }, t("rematch.accept")) : null,
      pending ? h("button", { type: "button", class: "btn", dataset: { testid: "rematch-decline" }, onclick: () => decline(id) }, t("rematch.decline")) : null,
      h("a", { class: pending ? "btn btn-small" : "btn btn-primary", href: `/m/${encodeURIComponent(id)}`, dataset: { testid: "rematch-open" } }, t("rematch.open")),
    ),
  );
}

/** A match that ended unplayed: which way (cancelled, expired, abandoned) and the way back to the lobby. */
function renderEnded(box) {
  const why = S.summary.ended || "abandoned";
  box.append(
    h("h2", { id: "final-h", class: "card-title" }, t(`ended.${why}`)),
    h("p", { dataset: { testid: "ended" } }, t(`ended.${why}.how`)),
    h("div", { class: "row actions-row" }, h("a", { class: "btn btn-primary", href: "/", dataset: { testid: "back-to-lobby" } }, t("backToLobby"))),
  );
}

export function renderFinal() {
  const box = $("final");
  const o = outcome();
  const ended = S.summary?.status === "abandoned";
  box.hidden = !o && !ended;
  clear(box);
  if (ended && !o) return renderEnded(box);
  if (!o) return;
  const { table, tie, tieBreak } = scoreTable(o, { names: names(), count: seatCount(), strings: S.strings, resigned: resignedSeats(S.summary?.seats), links: playerLinks(), tieBreak: S.renderer?.tieBreak });
  const played = S.player && claimedSeat() != null;
  const asked = S.summary?.rematch_id;
  const rematch = played && !asked ? h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "rematch" }, onclick: doRematch }, t("rematch")) : null;
  box.append(
    h("h2", { id: "final-h", class: "card-title", dataset: { testid: "final-title" } }, overText()),
    ...[
      played && asked ? banner(asked) : null,
      h("div", { class: "table-wrap" }, table),
      tieBreak ? h("p", { class: "muted small tie-note", dataset: { testid: "tie-break" } }, tieBreak) : null,
      tie ? h("p", { class: "muted small" }, t("tieBreak")) : null,
      ratedNote(),
      h("div", { class: "row actions-row" }, h("a", { class: "btn", href: "/", dataset: { testid: "back-to-lobby" } }, t("backToLobby")), rematch),
    ].filter(Boolean),
  );
  // The game's end changes the whole screen: the table comes into view once, wherever the
  // player was (on a phone, often far down by the last choice).
  if (shownFor !== S.id) {
    shownFor = S.id;
    requestAnimationFrame(() => box.scrollIntoView({ block: "start" }));
  }
}

/** Tells whether the match counted for the ratings: left rated by its host, and two people or more. */
function counted() {
  const seats = S.summary?.seats || [];
  return S.summary?.rated !== false && new Set(seats.filter((s) => s.kind === "player").map((s) => s.player_id)).size > 1;
}

/** Whether the ratings moved, with the way to the leaderboard when they did. */
function ratedNote() {
  if (counted()) return h("p", { class: "small", dataset: { testid: "rated-note" } }, t("rated.counted"), " ", h("a", { href: `/leaderboard?game=${encodeURIComponent(S.summary.game)}` }, t("leaderboard.title")));
  return h("p", { class: "small muted", dataset: { testid: "rated-note" } }, t(S.summary?.rated === false ? "rated.notCounted" : "rated.solo"));
}

/** Each seat's player page: a person's, and the bots' level's where the match was rated. */
function playerLinks() {
  const seats = S.summary?.seats || [];
  const rated = counted();
  return seats.map((s) => (s.kind === "player" && s.player_id ? playerHref(s.player_id) : s.kind === "bot" && rated ? playerHref(`bot:${s.level || "normal"}`) : null));
}

let shownFor = null;

/** Opens the rematch, or takes my seat in the one already asked; then goes to its page. */
async function doRematch(ev) {
  const btn = ev.currentTarget;
  btn.disabled = true;
  try {
    const m = await post(matchPath(S.id, "/rematch"), {});
    location.assign(`/m/${encodeURIComponent(m.id)}`);
  } catch (err) {
    btn.disabled = false;
    setReject({ reason: err.message });
  }
}

async function decline(id) {
  try {
    offer.summary = await post(matchPath(id, "/offer/decline"), {});
  } catch (err) {
    setReject({ reason: err.message });
  }
  renderFinal();
}
