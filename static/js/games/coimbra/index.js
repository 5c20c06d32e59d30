// Coimbra's renderer (the contract of docs/client.md): the city with the castle and its three
// rows of characters and placed dice, the dice area, the move panel, the pilgrimage map, the
// influence and scoring tracks, the voyages and every personal board. Each area is its own
// module; this one puts them together and answers the shell's questions (status line, player
// panel facts, log arguments). The shell draws the status bar, panels, log and final scores.

import { h, clear, prefersReducedMotion } from "../../core/dom.js";
import { useStylesheet } from "../../core/widgets/css.js";
import { redrawLater } from "../../core/widgets/local.js";
import { seatName } from "../../core/widgets/seat.js";
import { renderCity } from "./city.js";
import { renderDice } from "./dice.js";
import { fold } from "./fold.js";
import { mapSvg } from "./map.js";
import { infoPanel, picks } from "./parts.js";
import { renderBoards } from "./players.js";
import ui from "./strings.js";
import { renderOrder, renderScoring, renderTracks } from "./tracks.js";
import { myStep, renderOther, renderTurn } from "./turn.js";
import { renderVoyages } from "./voyages.js";
import { TRACKS, amount, areaName, logArgs as argsInWords, spaceName, trackName } from "./words.js";

export { default as logStrings } from "./log_strings.json" with { type: "json" };
export { default as rules } from "./rules.js";
export const strings = ui;

/** The breakdown's tie-break: a note under the final table, not a scoring column. */
export const tieBreak = "money";

/** Returns one line for the status bar: who must do what now. */
export function statusLine(view, ctx) {
  if (!view || !view.players) return "";
  if (view.over) return ctx.t("coimbra.status.over");
  const top = view.pending?.[view.pending.length - 1];
  const seat = top ? top.seat : view.to_act?.[0];
  const who = seat == null ? "" : seatName(ctx, seat);
  // On your own turn the line speaks to you ("You: take a die and place it").
  const say = (key, args) => ctx.t(seat != null && seat === ctx.seat ? `coimbra.status.you.${key}` : `coimbra.status.${key}`, { who, ...args });
  if (top?.kind === "walk") return say("walk", { n: top.steps ?? 0 });
  if (top?.kind === "track") return say("track");
  if (top?.kind === "broker") return say("broker");
  switch (view.phase) {
    case "start": return say(view.start?.step === 2 ? "start2" : "start1");
    case "place": return say("place");
    case "resolve":
      if (view.next?.area === "castle") return say("castle");
      if (view.next) return say("buy", { area: areaName(ctx, view.next.area) });
      break;
    case "income": return say("income");
    case "voyage": return say("voyage");
    default: break;
  }
  return who ? ctx.t("coimbra.status.wait", { who }) : "";
}

/** Returns the public facts of one player for the shell's player panel. */
export function playerInfo(view, seat, ctx) {
  const p = view?.players?.[seat];
  if (!p) return "";
  return ctx.t("coimbra.info", { vp: p.vp, coins: amount(ctx, p.coins, "coins"), guards: amount(ctx, p.guards, "guards") });
}

/** Returns a log line's args in the reader's language (cards, sites, tracks by name). */
export function logArgs(line, ctx) {
  return argsInWords(line, ctx);
}

function head(ctx, view) {
  const phase = ctx.t(`coimbra.phase.${view.over ? "over" : view.phase}`);
  return h("div", { class: "co-head" },
    h("b", {}, ctx.t("coimbra.round", { round: view.round })), ` · ${phase}`,
    h("span", { class: "co-muted", title: ctx.t("coimbra.tip.deck") }, ` · ${ctx.t("coimbra.deck", { n: view.deck ?? 0 })}`),
    renderOrder(ctx, view));
}

/** Draws the whole Coimbra screen into `root` (called on every view change). */
export function render(root, ctx) {
  useStylesheet("/static/js/games/coimbra/coimbra.css");
  redrawLater(ctx, "coimbra", () => render(root, ctx));
  const view = ctx.view;
  clear(root);
  if (ctx.actionBar) clear(ctx.actionBar);
  if (!view || !view.players) return;
  const used = []; // actions a dedicated control drew; the rest go under "Other moves"
  const city = renderCity(ctx, view, used);
  city.dataset.stage = ""; // the city is the stage: the dice land there
  const turn = renderTurn(ctx, view, used);
  const voyages = renderVoyages(ctx, view, used);
  const funding = view.phase === "voyage" && !view.over; // Phase F: the voyages beside the move panel
  const other = renderOther(ctx, view, used);
  // The action bar: your move, and the dice while you place one, so neither is ever out of reach.
  const placing = (view.legal || []).some((a) => a.type === "place");
  const bar = turn || other || placing ? h("div", { class: "co co-bar" }, turn, placing ? renderDice(ctx, view) : null, other) : null;
  if (ctx.actionBar && bar) ctx.actionBar.append(bar);
  const folds = folded(ctx, view, {
    tracks: renderTracks(ctx, view),
    map: h("section", { class: "co-mapbox" }, h("h3", {}, ctx.t("coimbra.pilgrimage")), mapSvg(ctx, view)),
    voyages,
  });
  root.append(h("div", { class: "co" },
    head(ctx, view),
    infoPanel(ctx),
    ctx.actionBar ? null : bar,
    city,
    h("div", { class: "co-top" },
      h("div", { class: "co-main" }, folds.tracks, placing ? null : renderDice(ctx, view)),
      h("div", { class: "co-side" }, funding ? folds.voyages : null, folds.map)),
    funding ? null : folds.voyages,
    renderScoring(ctx, view),
    renderBoards(ctx, view)));
  showNewStep(ctx, view, turn);
}

// On a phone the tracks, the map and the voyages fold to a line each (fold.js), opening by
// themselves when the choice needs them: a track to choose, a walk, a voyage to fund.
function folded(ctx, view, parts) {
  const me = ctx.seat != null ? view.players[ctx.seat] : null;
  const step = myStep(ctx, view)?.kind;
  const funding = view.phase === "voyage" && !view.over;
  return {
    tracks: fold(ctx, parts.tracks, {
      key: "tracks", title: ctx.t("coimbra.tracks"), needed: step === "track",
      summary: me ? TRACKS.map((t) => `${trackName(ctx, t)} ${me.influence?.[t] ?? 0}`).join(" · ") : null,
    }),
    map: fold(ctx, parts.map, {
      key: "map", title: ctx.t("coimbra.pilgrimage"), needed: step === "walk",
      summary: me?.pilgrim ? ctx.t("coimbra.fold.pilgrim", { place: spaceName(ctx, me.pilgrim) }) : null,
    }),
    voyages: fold(ctx, parts.voyages, {
      key: "voyages", title: ctx.t("coimbra.voyages"), needed: funding,
      summary: ctx.t("coimbra.fold.funded", { n: (view.voyages || []).filter((v) => v.funders?.length).length, of: (view.voyages || []).length }),
    }),
  };
}

// A step opened by the player's own move (a track to choose, a walk, the Broker) appears in the
// move panel, which on a phone may be far above the card just bought: bring it into view once.
function showNewStep(ctx, view, turn) {
  const local = picks(ctx);
  const step = myStep(ctx, view);
  const key = step ? `${view.round}:${view.phase}:${step.kind}:${view.pending.length}` : null;
  if (key && key !== local.step && turn?.isConnected) {
    const box = turn.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      turn.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
  }
  local.step = key;
}
