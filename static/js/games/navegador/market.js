// Navegador's market track: ten rows, top to bottom, with the sale price of sugar, gold and
// spice and the processing revenue (the red column); each good's price marker sits on its
// row, and the revenue column shows which goods are processed at that row's value.

import { h } from "../../core/dom.js";
import { GOOD_COLOURS } from "./map.js";
import { goodName, goodTitle, marketPrice, marketRevenue } from "./words.js";

const GOODS = ["sugar", "gold", "spice"];

function marker(ctx, good) {
  return h("span", { class: `nv-cube nv-cube-${good}`, style: { "--g": GOOD_COLOURS[good] }, title: goodTitle(ctx, good), "aria-label": goodName(ctx, good) });
}

/** Returns the market panel. */
export function renderMarket(ctx, view) {
  const m = view.market;
  const head = h("tr", {}, GOODS.map((g) => h("th", { scope: "col" }, marker(ctx, g), ` ${goodTitle(ctx, g)}`)),
    h("th", { scope: "col", class: "nv-rev" }, ctx.t("nv.process")));
  const rows = m.table.revenue.map((rev, r) => h("tr", {},
    GOODS.map((g) => {
      const here = m.row[g] === r;
      return h("td", { class: here ? "nv-here" : "", style: here ? { "--g": GOOD_COLOURS[g] } : null, dataset: here ? { good: g } : null }, String(m.table[g][r]));
    }),
    h("td", { class: "nv-rev" }, String(rev), " ", GOODS.filter((g) => m.row[g] === r).map((g) => marker(ctx, g)))));
  const now = GOODS.map((g) => h("li", {}, marker(ctx, g), " ",
    ctx.t("nv.marketRow", { good: goodTitle(ctx, g), price: marketPrice(view, g), revenue: marketRevenue(view, g) })));
  return h("section", { class: "nv-panel nv-market", dataset: { testid: "nv-market" } },
    h("h3", {}, ctx.t("nv.market")),
    h("ul", { class: "nv-market-now", title: ctx.t("nv.tip.market") }, now),
    h("table", { class: "nv-market-table", title: ctx.t("nv.tip.market") }, h("thead", {}, head), h("tbody", {}, rows)));
}
