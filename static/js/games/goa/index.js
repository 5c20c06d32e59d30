// Goa's renderer (the contract of docs/client.md): the board with its auction markers, the
// auction, your actions and open choices, your ducats and hand, and every player's area.
// Each board area is its own module; this one puts them together and answers the shell's
// questions (status line, player panel facts, log arguments). The shell draws the status
// bar, player panels, log and final scores.

import { h, clear } from "../../core/dom.js";
import { useStylesheet } from "../../core/widgets/css.js";
import { seatName } from "../../core/widgets/seat.js";
import { track } from "../../core/widgets/track.js";
import { itemName, renderAuction } from "./auction.js";
import { renderGrid } from "./grid.js";
import { lastMove } from "./last.js";
import { renderOwn } from "./own.js";
import { ducatsText, publicFacts, renderPlayers } from "./players.js";
import ui from "./strings.js";
import { renderRest, renderTurn } from "./turn.js";
import { cardEffect, cardName, colonyName, columnName, effectOf, say, slug, spiceName, symbolName, tileName } from "./words.js";

export { default as logStrings } from "./log_strings.json" with { type: "json" };
export { default as rules } from "./rules.js";
export const strings = ui;

/** The breakdown's tie-break: a note under the final table, not a scoring column. */
export const tieBreak = "money";

/** Opens a group in the log: each round starts with its "Part A, round 2." line. */
export const logGroup = (line) => line?.key === "goa.round";

const ROUNDS = 8;

/** Returns one line for the status bar: who must do what now ("You: ..." for your own seat). */
export function statusLine(view, ctx) {
  if (!view) return "";
  if (view.over) {
    const winners = view.outcome?.winners || [];
    return winners.length ? ctx.t("goa.status.winner", { names: winners.map((s) => seatName(ctx, s)).join(", ") }) : ctx.t("goa.status.over");
  }
  const seat = view.to_act?.[0];
  const who = seat == null ? "" : seatName(ctx, seat);
  const line = (key, args) => ctx.t(seat != null && seat === ctx.seat ? `goa.status.you.${key}` : `goa.status.${key}`, { who, ...args });
  if (view.pending?.length) return line("choose");
  if (view.phase === "place") return view.placing === 1 ? line("place") : line("marker", { n: view.placing });
  if (view.phase === "auction" && view.auction) return line("bid", { item: itemName(ctx, view.auction.item), high: view.auction.high });
  if (view.phase === "extra") return line("extra");
  const left = view.actions_left?.[seat];
  return line("turn") + (left != null ? ` (${ctx.t("goa.leftThisRound", { n: left })})` : "");
}

/** Returns the public facts of one player for the shell's player panel. */
export function playerInfo(view, seat, ctx) {
  const p = view?.players?.[seat];
  if (!p) return "";
  const money = ducatsText(view, seat);
  const ducats = money === "?" ? ctx.t("goa.info.hidden") : ctx.t("goa.info.ducats", { n: Number(money) });
  return [ducats, ...publicFacts(ctx, view, p), view.flag === seat ? "⚑" : null].filter(Boolean).join(" · ");
}

// The engine writes English names into a log line's args: capitalised for tiles and
// colonies ("Colonists", "Quilon"), lower case for spices, columns and symbols ("ginger",
// "colonists", "palm tree"), card ids ("E07"). Each is shown in the reader's language.
const LOWER = [["spice", spiceName], ["column", columnName], ["symbol", symbolName]];

const known = (ctx, key) => ctx.t(key) !== key;

function word(ctx, value) {
  if (typeof value !== "string" || !value) return value;
  if (/^E\d\d$/.test(value)) return cardName(ctx, value);
  const plantation = /^(Single|Double|Triple) (\w+) plantation$/.exec(value);
  if (plantation) {
    const fields = ["Single", "Double", "Triple"].indexOf(plantation[1]) + 1;
    return tileName(ctx, { kind: "plantation", name: value, spice: plantation[2], fields });
  }
  if (value[0] !== value[0].toLowerCase()) {
    if (known(ctx, `goa.tile.${slug(value)}`)) return tileName(ctx, { kind: "", name: value, text: "" });
    return colonyName(ctx, value);
  }
  const table = LOWER.find(([kind]) => known(ctx, `goa.${kind}.${slug(value)}`));
  return table ? table[1](ctx, value) : value;
}

// A card by its id where this seat can see it: discards, own hand, cards revealed face up.
function cardById(view, id) {
  const seen = [...(view?.discard || []), ...(view?.you?.hand || []), ...(view?.pending || []).flatMap((p) => p.cards || [])];
  return seen.find((c) => c.id === id) || null;
}

// "E13 (Sell up to 4 spices...; shell)" for each id in "E13, E02": your own drawn cards.
function cardsSaid(ctx, view, ids) {
  return ids.split(", ").map((id) => {
    const card = cardById(view, id);
    return card ? `${cardName(ctx, id)} (${cardEffect(ctx, card)}; ${symbolName(ctx, card.symbol)})` : cardName(ctx, id);
  }).join(", ");
}

// A tile by its id ("A05"), wherever this view shows it: grid, auction or a player's area.
function tileById(view, id) {
  const all = [
    ...(view?.grid || []).flat(),
    view?.auction?.item,
    ...(view?.players || []).flatMap((p) => [...p.plantations, ...p.tiles, ...p.done, ...p.dropped]),
  ];
  return all.find((t) => t && t.id === id) || null;
}

/** Returns a log line's args in the reader's language (names of tiles, spices, cards...). */
export function logArgs(line, ctx) {
  const args = { ...(line?.args || {}) };
  if (!ctx?.t || ctx.lang === "en") return args;
  for (const [k, v] of Object.entries(args)) {
    if (k === "part") args[k] = say(ctx, `goa.part.${v}`, null, v);
    else if (k === "says") args[k] = effectOf(v) ? cardEffect(ctx, { effect: effectOf(v), text: v }) : v;
    else if (k === "names" && typeof line.args.cards === "string") args[k] = cardsSaid(ctx, ctx.view, line.args.cards);
    else if (typeof v === "string" && /^[AB]\d\d$/.test(v)) args[k] = tileById(ctx.view, v) ? tileName(ctx, tileById(ctx.view, v)) : v;
    else if (Array.isArray(v)) args[k] = v.map((x) => word(ctx, x)).join(", ");
    else if (typeof v === "string" && / \+ |, /.test(v)) args[k] = v.split(/( \+ |, )/).map((x) => word(ctx, x)).join("");
    else args[k] = word(ctx, v);
  }
  return args;
}

function head(ctx, view) {
  const label = ctx.t("goa.round", { part: say(ctx, `goa.part.${view.part}`, null, view.part), round: view.round });
  return h("div", { class: "goa-head" },
    h("b", {}, label),
    ` · ${ctx.t(`goa.phase.${view.phase}`)}`,
    h("span", { class: "goa-muted", title: ctx.t("goa.tip.deck") }, ` · ${ctx.t("goa.deck", { n: view.deck, d: view.discard.length, e: view.extra_supply })}`),
    track({ to: ROUNDS, at: view.round, label, breaks: [5], class: "goa-rounds", testid: "goa-rounds" }));
}

/** Draws the whole Goa screen into `root` (called on every view change): the board is the
 * stage; the auction and your choices, with their costs, go to the pinned action bar. */
export function render(root, ctx) {
  useStylesheet("/static/js/games/goa/goa.css");
  const view = ctx.view;
  clear(root);
  if (ctx.actionBar) clear(ctx.actionBar);
  if (!view || !view.players) return;
  const legal = Array.isArray(view.legal) && !view.over ? view.legal : [];
  const used = new Set(); // actions already drawn by a dedicated control
  const board = renderGrid(ctx, view, legal, used);
  const auction = view.phase === "auction" ? renderAuction(ctx, view, view.pending?.length ? [] : legal, used) : null;
  const turn = renderTurn(ctx, view, legal, used);
  const choices = h("div", { class: "goa goa-bar" }, auction, turn, renderRest(ctx, view, legal, used));
  const last = lastMove(ctx, view);
  if (ctx.actionBar && choices.childNodes.length) ctx.actionBar.append(choices);
  root.append(h("div", { class: "goa" }, head(ctx, view), board, ctx.actionBar ? null : choices, renderOwn(ctx, view), renderPlayers(ctx, view, last)));
}
