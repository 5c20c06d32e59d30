// The dice area: this round's rolled dice not taken yet. In Phase B the seat to act taps a
// die to select it (a local pick: nothing is sent); the city then shows where it would land
// and the move panel says how to place it.

import { h } from "../../core/dom.js";
import { redraw } from "../../core/widgets/local.js";
import { selectedDie } from "./city.js";
import { dieChip, picks } from "./parts.js";

/** Returns the dice area, with selectable dice while this seat places one. */
export function renderDice(ctx, view) {
  if (view.over) return null; // no dice are rolled after the last round
  const placeable = new Set((view.legal || []).filter((a) => a.type === "place").map((a) => a.die));
  const selected = placeable.size ? selectedDie(ctx, view) : null;
  const chips = (view.dice || []).map((d) => (placeable.has(d.id)
    ? dieChip(ctx, d, {
      selected: selected?.id === d.id,
      class: selected?.id === d.id ? "co-sel" : "",
      testid: `co-pool-${d.id}`,
      onclick: () => { picks(ctx).die = d.id; redraw(ctx, "coimbra"); },
    })
    : dieChip(ctx, d)));
  return h("section", { class: "co-pool", dataset: { testid: "co-pool" } },
    h("h3", {}, ctx.t("coimbra.diceArea")),
    h("div", { class: "co-dicerow", title: ctx.t("coimbra.tip.dice") }, chips.length ? chips : h("span", { class: "co-hint" }, "–")));
}
