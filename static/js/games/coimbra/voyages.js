// The six voyages at the bottom of the board: name, cost and currency, the end-game condition,
// who has funded each. In Phase F the seat to act funds one from here (its cost shown, less
// any discount it holds), or funds none.

import { h } from "../../core/dom.js";
import { isLegal } from "../../core/widgets/action.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { control, toggleInfo } from "./parts.js";
import { amount, voyageName, voyageText } from "./words.js";

/** Returns what funding `voyage` costs `player` now (a discount never makes it negative). */
export function voyageCost(voyage, player) {
  return Math.max(0, voyage.cost - (player?.discount || 0));
}

function voyageCard(ctx, view, v, used) {
  const name = voyageName(ctx, v.id);
  const text = voyageText(ctx, v.id);
  const action = { type: "fund", voyage: v.id };
  const me = ctx.seat != null ? view.players[ctx.seat] : null;
  const funders = v.funders || [];
  const who = funders.length ? ctx.t("coimbra.funders", { names: funders.map((s) => seatName(ctx, s)).join(", ") }) : ctx.t("coimbra.noFunders");
  return h("li", { class: "co-voyage", dataset: { voyage: v.id } },
    h("button", {
      type: "button",
      class: "co-voyage-face",
      title: `${name}: ${text}`,
      onclick: () => toggleInfo(ctx, { kind: "voyage", id: v.id, title: name, text: `${amount(ctx, v.cost, v.currency)}. ${text}. ${who}.` }),
    },
    h("b", {}, name),
    h("span", { class: `co-cost co-cur-${v.currency}` }, amount(ctx, v.cost, v.currency)),
    h("span", { class: "co-card-text" }, text)),
    h("div", { class: "co-funders", title: who }, funders.map((s) => seatDisc(ctx, s))),
    isLegal(view, action) ? control(ctx, used, action, ctx.t("coimbra.fund", { cost: amount(ctx, voyageCost(v, me), v.currency) }), { class: "co-act" }) : null);
}

/** Returns the voyages row. */
export function renderVoyages(ctx, view, used) {
  return h("section", { class: "co-voyages", dataset: { testid: "co-voyages" } },
    h("h3", {}, ctx.t("coimbra.voyages")),
    h("ul", { class: "co-voyage-list" }, (view.voyages || []).map((v) => voyageCard(ctx, view, v, used))));
}
