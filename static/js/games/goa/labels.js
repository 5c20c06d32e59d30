// Labels of Goa's moves in the reader's language: each legal action with its cost or gain,
// each answer to an open choice, and the title of the choice. Pure: text in, text out.

import { colonyChance } from "./chance.js";
import { seatName } from "../../core/widgets/seat.js";
import {
  cardLabel, cardName, colonyName, columnName, sourceName, spiceChoice, spiceName, tileName,
} from "./words.js";

function rowValue(view, p, column) {
  const values = view.board?.values?.[column];
  return values ? values[(p.rows[column] || 1) - 1] : "";
}

function withCard(ctx, view, text, card) {
  return card ? ctx.t("goa.act.withCard", { action: text, card: cardLabel(ctx, view, card) }) : text;
}

// "Found Quilon (6 colonists; board 2, colonist cards 1; 43 % chance)": the chance that the
// two revealed cards make up the rest, from the cards this seat has not seen (chance.js).
function foundText(ctx, view, p, colony) {
  const need = view.colony_need[colony];
  const board = rowValue(view, p, "colonists");
  const text = ctx.t("goa.act.found", { colony: colonyName(ctx, colony), n: need, board });
  const unseen = view.you?.unseen_colonists;
  if (!unseen) return text;
  const chance = Math.round(100 * colonyChance(need - board - p.colonists, unseen));
  return `${text} · ${ctx.t("goa.colonyChance", { cards: p.colonists, pct: chance })}`;
}

/** Returns a readable label (with the cost or gain) for one legal action of `seat`. */
export function actionText(ctx, view, seat, a) {
  const p = view.players[seat];
  const t = ctx.t;
  switch (a.type) {
    case "progress": {
      const row = p.rows[a.column];
      const cost = view.board.costs[a.column][row - 1];
      const text = t("goa.act.progress", { column: columnName(ctx, a.column), row: row + 1, cost: cost.map((x) => spiceName(ctx, x)).join(" + "), n: cost.length });
      return withCard(ctx, view, text, a.card);
    }
    case "ships":
      return t("goa.act.ships", { n: rowValue(view, p, "ships") });
    case "harvest":
      return withCard(ctx, view, t("goa.act.harvest", { n: rowValue(view, p, "harvest") }), a.card);
    case "taxes":
      return t("goa.act.taxes", { n: rowValue(view, p, "taxes") });
    case "expedition":
      return t("goa.act.expedition", { n: a.count });
    case "found":
      return foundText(ctx, view, p, a.colony);
    case "use_tile": {
      const tile = p.tiles.find((x) => x.id === a.tile);
      const name = tile ? tileName(ctx, tile) : a.tile;
      return a.target != null ? t("goa.act.useTileOn", { tile: name, who: seatName(ctx, a.target) }) : t("goa.act.useTile", { tile: name });
    }
    case "play_card": {
      const text = t("goa.act.playCard", { card: cardLabel(ctx, view, a.card) });
      return a.column ? t("goa.act.toColumn", { action: text, column: columnName(ctx, a.column) }) : text;
    }
    case "discard_card":
      return t("goa.act.discardCard", { card: cardName(ctx, a.card) });
    case "pass":
      return t("goa.pass");
    case "choose":
      return optionText(ctx, view, seat, a.option);
    default:
      return [a.type, ...Object.entries(a).filter(([k]) => k !== "type").map(([k, v]) => `${k}=${v}`)].join(" ");
  }
}

/** Returns the label of one answer ("f3:ginger", "pay", "sell:pepper"...) to the open choice. */
export function optionText(ctx, view, seat, option) {
  const p = view.players[seat];
  const t = ctx.t;
  const pend = view.pending?.[view.pending.length - 1] || {};
  const [head, ...rest] = option.split(":");
  const arg = rest.join(":");
  if (/^f\d+$/.test(head)) {
    const f = p.fields[Number(head.slice(1))];
    return t("goa.opt.field", { spice: spiceName(ctx, arg), field: f ? sourceName(ctx, p, f.src) : "" });
  }
  switch (head) {
    case "pay":
      return t("goa.opt.pay", { n: pend.need - pend.have });
    case "third":
      return t("goa.act.playCard", { card: cardLabel(ctx, view, arg) });
    case "give_up":
      return t("goa.opt.giveUp");
    case "tile":
      return t("goa.opt.tile", { colony: colonyName(ctx, pend.name || ""), spices: spiceChoice(ctx, arg) });
    case "drop":
      return t("goa.opt.drop", { tile: sourceName(ctx, p, arg) });
    case "sell":
      return t("goa.opt.sell", { spice: spiceName(ctx, arg) });
    case "give":
      return t("goa.opt.give", { spice: spiceName(ctx, arg) });
    case "fill": {
      const [src, spice] = arg.split(":");
      const field = sourceName(ctx, p, src);
      return spice ? t("goa.opt.fillWith", { field, spice: spiceName(ctx, spice) }) : t("goa.opt.fill", { field });
    }
    case "column":
      return t("goa.opt.column", { column: columnName(ctx, arg) });
    case "stop":
      return t("goa.opt.stop");
    case "ships":
    case "colonists":
    case "spices":
      return t(`goa.opt.${head}`, { n: pend.n ?? "" });
    case "ship":
    case "colonist":
      return t(`goa.opt.${head}`);
    default:
      return option;
  }
}

/** Returns the title of an open choice (what the player is asked). */
export function pendingTitle(ctx, pend) {
  const t = ctx.t;
  const colony = colonyName(ctx, pend.name || "");
  switch (pend.kind) {
    case "colony": {
      const cards = (pend.cards || []).map((c) => `${cardName(ctx, c.id)}·${c.colonists}`).join(", ");
      return t("goa.pend.colony", { colony, have: pend.have, need: pend.need, cards });
    }
    case "colony_tile":
      return t("goa.pend.colony_tile", { colony });
    case "resupply":
      return t("goa.pend.either", { n: pend.n });
    case "spice":
    case "drop":
    case "either":
    case "sell":
    case "duty":
    case "harvest3":
    case "vice_king":
      return t(`goa.pend.${pend.kind}`, { n: pend.n, left: pend.left });
    default:
      return t("goa.pend.other");
  }
}
