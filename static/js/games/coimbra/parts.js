// Small pieces every Coimbra area draws: a die (coloured, its value, its owner's initial), a
// character card face that opens its full text on tap, and the tap-to-read panel itself.
// What the player is reading lives in local state, so it survives the next view.

import { h } from "../../core/dom.js";
import { actionButton } from "../../core/widgets/action.js";
import { localState, redraw } from "../../core/widgets/local.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { amount, cardName, cardText, colorName, dieName, say } from "./words.js";

/** Returns this match's local picks: the selected die, what the reader has open, and the
 * dice the city showed last (to animate the ones that arrive), the open step last shown. */
export const picks = (ctx) => localState(ctx, "coimbra", () => ({ die: null, info: null, dice: null, step: null }));

/** Returns a die chip: its colour, value and (for a player's die) the owner's disc. */
export function dieChip(ctx, die, opts = {}) {
  const token = die.color == null;
  const label = [dieName(ctx, die), die.seat != null ? seatName(ctx, die.seat) : null, token && die.used ? ctx.t("coimbra.tokenUsed") : null]
    .filter(Boolean).join(", ");
  return h(opts.onclick ? "button" : "span", {
    class: ["co-die", `co-d-${die.color || "token"}`, token && die.used ? "co-flipped" : "", opts.class || ""].filter(Boolean).join(" "),
    type: opts.onclick ? "button" : null,
    title: label,
    "aria-label": label,
    "aria-pressed": opts.onclick ? String(!!opts.selected) : null,
    onclick: opts.onclick || null,
    dataset: opts.testid ? { testid: opts.testid } : null,
  },
  h("span", { class: "co-pip" }, String(die.value)),
  die.seat != null ? seatDisc(ctx, die.seat, "co-owner") : null);
}

/** Opens (or closes) the reading panel on one thing: {kind, id, title, text}. */
export function toggleInfo(ctx, info) {
  const local = picks(ctx);
  local.info = local.info && local.info.id === info.id && local.info.kind === info.kind ? null : info;
  redraw(ctx, "coimbra");
}

/** Returns the full facts of a card as one line ("gray · influence +3 · paid in coins"). */
export function cardMeta(ctx, card) {
  if (card.color == null) return "";
  const color = colorName(ctx, card.color);
  if (!card.currency) return ctx.t("coimbra.cardMetaStart", { color, n: card.influence });
  const currency = ctx.t(card.currency === "guards" ? "coimbra.guardsShort" : "coimbra.coinsShort");
  return ctx.t("coimbra.cardMeta", { color, n: card.influence, currency });
}

/** Returns a character card face: a button that opens its full text on tap. */
export function cardFace(ctx, card, opts = {}) {
  const text = cardText(ctx, card.id);
  const name = cardName(ctx, card.id);
  const when = say(ctx, `coimbra.when.${card.zone || card.when}`, null, "");
  const open = picks(ctx).info?.id === card.id;
  return h("button", {
    type: "button",
    class: `co-card co-c-${card.color || "none"} ${open ? "co-open" : ""} ${opts.class || ""}`.trim(),
    title: `${name}: ${text}`,
    "aria-expanded": String(open),
    dataset: { card: card.id },
    onclick: () => toggleInfo(ctx, { kind: "card", id: card.id, title: name, text: [cardMeta(ctx, card), text].filter(Boolean).join(". ") }),
  },
  h("span", { class: "co-card-top" },
    card.influence != null ? h("b", { class: "co-inf", title: ctx.t("coimbra.influence", { n: card.influence }) }, `+${card.influence}`) : null,
    card.currency ? h("span", { class: `co-cur co-cur-${card.currency}`, "aria-hidden": "true" }, card.currency === "guards" ? "⚔" : "●") : null,
    card.crown ? h("span", { class: "co-crown", title: ctx.t("coimbra.crownToken") }, "♛") : null,
    card.diplomas ? h("span", { class: "co-dip", title: ctx.t("coimbra.diplomas", { n: card.diplomas }) }, "✎".repeat(card.diplomas)) : null),
  h("span", { class: "co-card-name" }, name),
  h("span", { class: "co-card-text" }, text),
  when ? h("span", { class: "co-when" }, when) : null);
}

/** Returns the reading panel (what the player tapped), or a hint when nothing is open. */
export function infoPanel(ctx) {
  const info = picks(ctx).info;
  if (!info) return h("p", { class: "co-hint co-info", dataset: { testid: "co-info" } }, ctx.t("coimbra.tapToRead"));
  return h("div", { class: "co-info co-info-open", role: "status", dataset: { testid: "co-info" } },
    h("b", {}, info.title), " ", h("span", {}, info.text), " ",
    h("button", { type: "button", class: "btn btn-small co-close", onclick: () => toggleInfo(ctx, info) }, ctx.t("coimbra.close")));
}

/** Returns "5 coins" for what a die of `value` costs on `card`. */
export const priceOf = (ctx, card, value) => amount(ctx, value, card.currency);

/** Returns an action button and notes its action as drawn (so "Other moves" leaves it out). */
export function control(ctx, used, action, label, opts = {}) {
  used.push(action);
  const key = `coimbra.tip.${action.type}`;
  const tip = ctx.t(key);
  return actionButton(ctx, action, label, { title: tip === key ? null : tip, ...opts });
}
