// Goa's own area: your ducats and your expedition hand, which only your seat's view holds
// (an opponent's page never receives them, so they cannot be drawn there).

import { h } from "../../core/dom.js";
import { card } from "../../core/widgets/card.js";
import { cardEffect, cardName, symbolName } from "./words.js";

/** Returns your ducats and expedition cards, or null for a spectator. */
export function renderOwn(ctx, view) {
  const you = view.you;
  if (!you) return null;
  const cards = you.hand.length
    ? you.hand.map((c) => card({
      tag: "li",
      class: "goa-card",
      head: h("b", {}, cardName(ctx, c.id)),
      text: cardEffect(ctx, c),
      foot: ctx.t("goa.cardFoot", { n: c.colonists, symbol: symbolName(ctx, c.symbol) }),
      title: cardEffect(ctx, c),
    }))
    : [h("li", { class: "goa-muted" }, ctx.t("goa.noCards"))];
  return h("section", { class: "goa-panel goa-you" },
    h("p", {}, `${ctx.t("goa.yourDucats")}: `, h("b", { class: "goa-ducats" }, String(you.ducats))),
    h("h4", {}, ctx.t("goa.yourHand")),
    h("ul", { class: "goa-hand", title: ctx.t("goa.tip.hand") }, cards));
}
