// The match page's state and the facts derived from it, shared by the page's modules.
// Modules read `S` and call `page.renderAll()`, `page.act()`, `page.setSummary()` (set by
// match.js) instead of importing the entry module, so each concern stays in its own file.

import { seatColor } from "../dom.js";
import { t, makeT, translate, getLang } from "../i18n.js";
import { withNames as fillNames } from "../format.js";
import { shownNames } from "../account/names.js";

export const S = {
  // /m/{id}, or /m/{id}/table: the table screen (a TV showing what a spectator sees, see table/).
  id: decodeURIComponent(location.pathname.match(/^\/m\/([^/]+)/)?.[1] || ""),
  table: document.body?.hasAttribute("data-table") ?? false,
  player: null,
  summary: null,
  spectators: 0, // how many watch this match (this worker's sockets; `spectators` frames)
  helloSeat: null, // the seat the socket speaks for (the view's point of view)
  view: null,
  v: null,
  log: { lines: [], more: null, loading: false, error: null, changed: 0 }, // see log.js
  renderer: null, // the game's module, or generic
  strings: null, // the game's strings merged with its log strings ({en:{...}, ru:{...}})
  rendererIsGeneric: false,
  rendererFailed: false,
  socket: null,
  conn: "reconnecting",
  everConnected: false,
  reject: null, // {reason, key, args} of the last refused action, translated when shown
  fatal: null, // text shown instead of the table
  sending: 0,
  wasMyTurn: false,
  baseTitle: "Caravela",
  lastSeatReconnect: 0,
  seatReconnects: 0,
  busy: new Set(), // waiting-room buttons in flight
  copied: false,
  waitMsg: null,
};

/** Hooks filled in by match.js: the page's full re-render and the act function. */
export const page = {
  renderAll: () => {},
  act: async () => ({ ok: false }),
  setSummary: () => {},
};

export const $ = (id) => document.getElementById(id);

export function seats() {
  return S.summary?.seats || [];
}

export function seatCount() {
  return seats().length || S.view?.num_players || 0;
}

/** Returns each seat's display name: the player's, "Bot n", or "Seat n" when empty. */
export function names() {
  const out = [];
  const tagged = shownNames(seats()); // two players called Ana are told apart by a short tag
  for (let i = 0; i < seatCount(); i++) {
    const s = seats()[i];
    // A bot's name is the server's English default: say it in the reader's language.
    if (s && s.kind === "bot") out.push(`${t("bot")} ${i + 1}`);
    else if (s && s.name) out.push(tagged[i]);
    else out.push(t("seat", { n: i + 1 }));
  }
  return out;
}

export function colors() {
  return Array.from({ length: seatCount() }, (_, i) => seatColor(i));
}

/** My seat according to the seat list (who I am), independent of the socket. */
export function claimedSeat() {
  if (!S.player) return null;
  const s = seats().find((x) => x.kind === "player" && x.player_id === S.player.id);
  return s ? s.seat : null;
}

/** The seat the view belongs to: the socket's hello seat, else what the seat list says. */
export function mySeat() {
  return S.helloSeat ?? claimedSeat();
}

/** Returns the final outcome: the view's (with each seat's breakdown) placed as the summary
 * says, where a seat that resigned is ranked last; null until the game is over. */
export function outcome() {
  const o = S.view?.over ? S.view.outcome : null;
  const placed = S.summary?.outcome;
  return o && placed ? { ...o, ranking: placed.ranking, places: placed.places, winners: placed.winners } : o;
}

/** Returns the view as renderers see it: once over, its outcome placed as the summary says
 * (resigned seats last), so a game's own final panel and status line agree with the table. */
export function shownView() {
  return S.view?.over && S.summary?.outcome ? { ...S.view, outcome: outcome() } : S.view;
}

/** Returns my seat's entry in the seat list, or null. */
export function mySeatEntry() {
  const me = claimedSeat();
  return me == null ? null : seats()[me] || null;
}

/** Returns whether my seat is played by its bot now (my clock ran out, or the host handed it over). */
export function amAway() {
  const mine = mySeatEntry();
  return S.summary?.status === "running" && !S.view?.over && !!mine?.away && !mine.resigned;
}

export function isHost() {
  return !!S.player && S.summary?.host_id != null && S.summary.host_id === S.player.id;
}

export function toAct() {
  return S.view && !S.view.over && Array.isArray(S.view.to_act) ? S.view.to_act : [];
}

export function isMyTurn() {
  const me = mySeat();
  return me != null && toAct().includes(me) && !amAway();
}

/** Returns text with {P0}..{P5} replaced by the seats' names. */
export function withNames(text) {
  return fillNames(text, names());
}

export function gameTitle() {
  return S.summary?.title || S.summary?.game || "";
}

/** Returns key translated by the game's strings, then the shell's; undefined when unknown. */
export function gameText(key, args) {
  return key == null ? undefined : translate(S.strings, key, args, { names: names() });
}

/** Returns the ctx every renderer hook receives (docs/client.md). */
export function makeCtx() {
  return {
    view: shownView(),
    seat: mySeat(),
    names: names(),
    colors: colors(),
    act: (action) => page.act(action),
    t: makeT(S.strings, names()),
    lang: getLang(),
    matchId: S.id,
    log: S.log.lines,
  };
}
