// Navegador's final breakdown on the board: per player the VP of workers, ships at sea,
// cash, and the five sheet columns (the King's privilege placed first, named in the
// reader's language), the total and the Cruzados that break ties. The shell's own score
// table sits beside it; this one also says where each King's privilege went.

import { h } from "../../core/dom.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { columnName } from "./words.js";

const CATEGORIES = ["workers", "ships", "cash", "colonies", "factories", "explorers", "shipyards", "churches"];

/** Returns the final breakdown panel, or null while the game runs. */
export function renderFinal(ctx, view) {
  const o = view.outcome;
  if (!view.over || !o?.breakdown) return null;
  const order = o.ranking?.length ? o.ranking : o.breakdown.map((_, i) => i);
  const head = h("tr", {}, h("th", { scope: "col" }), CATEGORIES.map((c) => h("th", { scope: "col" }, ctx.t(`score.${c}`))),
    h("th", { scope: "col" }, ctx.t("score.king")), h("th", { scope: "col" }, "Σ"), h("th", { scope: "col" }, ctx.t("score.money")));
  const rows = order.map((seat) => {
    const b = o.breakdown[seat];
    return h("tr", { class: o.winners?.includes(seat) ? "nv-winner" : "", dataset: { seat } },
      h("th", { scope: "row" }, seatDisc(ctx, seat, "nv-disc"), ` ${seatName(ctx, seat)}`, o.winners?.includes(seat) ? " ★" : ""),
      CATEGORIES.map((c) => h("td", {}, String(b[c] ?? 0))),
      h("td", {}, b.king ? columnName(ctx, b.king) : ctx.t("nv.none")),
      h("td", { class: "nv-total" }, String(o.scores[seat])),
      h("td", {}, ctx.t("nv.cash", { n: b.money ?? 0 })));
  });
  return h("section", { class: "nv-panel nv-final", dataset: { testid: "nv-final" } },
    h("h3", {}, ctx.t("nv.status.over")),
    h("div", { class: "nv-sheetwrap" }, h("table", { class: "nv-finaltable" }, h("thead", {}, head), h("tbody", {}, rows))));
}
