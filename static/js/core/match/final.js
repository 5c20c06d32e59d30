// The final screen: the score table (scores.js, resigned seats last), back to the lobby,
// and the rematch (issue 11). "Rematch" opens it, or joins the one already asked (one per
// match). Once asked, a banner offers each player their seat there: accept (which opens
// the rematch's page) or decline (a bot takes the seat).

import { get, post } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { scoreTable } from "../scores.js";
import { S, $, names, seatCount, claimedSeat, outcome } from "./page.js";
import { setReject, overText } from "./status.js";

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

function myOffer() {
  const seat = offer.summary?.seats?.find((s) => s.player_id === S.player?.id);
  return seat?.offer || null;
}

/** Returns each other seat's answer, e.g. "Ben: accepted · Carla: waiting for an answer". */
function answers() {
  const others = (offer.summary?.seats || []).filter((s) => s.offer && s.player_id !== S.player?.id);
  return others.map((s) => `${s.kind === "bot" ? t("seat", { n: s.seat + 1 }) : s.name}: ${t(`offer.${s.offer}`)}`).join(" · ");
}

function banner(id) {
  if (offer.id !== id || offer.seen !== S.summary) loadRematch(id);
  if (offer.id !== id) return null;
  const host = offer.summary?.seats?.find((s) => s.player_id === offer.summary.host_id);
  const pending = myOffer() === "pending";
  return h(
    "div",
    { class: "rematch-banner", role: "status", dataset: { testid: "rematch-banner" } },
    h("p", {}, host && host.player_id !== S.player?.id ? t("rematch.offered", { name: host.name }) : t("rematch.asked")),
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

export function renderFinal() {
  const box = $("final");
  const o = outcome();
  box.hidden = !o;
  clear(box);
  if (!o) return;
  const { table, tie, tieBreak } = scoreTable(o, { names: names(), count: seatCount(), strings: S.strings, tieBreak: S.renderer?.tieBreak });
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
