// Navegador's building chart: a row per building (three factory rows, shipyards, churches),
// each slot with its price, the pieces still there and the slots taken or never laid out;
// the cheapest piece left is the one a player builds.

import { h } from "../../core/dom.js";
import { buildingName } from "./words.js";

const ORDER = ["sugar_factory", "gold_factory", "spice_factory", "shipyard", "church"];

/** Returns the building chart panel. */
export function renderBuildings(ctx, view) {
  const rows = ORDER.filter((b) => view.buildings?.[b]).map((b) => {
    const slots = view.buildings[b];
    const left = slots.filter((s) => s.piece).length;
    const next = slots.find((s) => s.piece);
    return h("tr", { dataset: { building: b } },
      h("th", { scope: "row" }, buildingName(ctx, b), h("small", {}, ` · ${ctx.t("nv.needs", { n: view.prices.needs[b] })}`)),
      h("td", { class: "nv-slots" }, slots.map((s) => h("span", {
        class: `nv-slot ${s.piece ? "nv-piece" : "nv-gone"} ${s === next ? "nv-next" : ""}`,
        title: s.piece ? `${s.price}` : ctx.t("nv.taken"),
      }, String(s.price)))),
      h("td", { class: "nv-left", title: ctx.t("nv.tip.left") }, ctx.t("nv.left", { n: left })));
  });
  return h("section", { class: "nv-panel nv-buildings", dataset: { testid: "nv-buildings" } },
    h("h3", {}, ctx.t("nv.buildingChart")),
    h("table", { class: "nv-chart" }, h("tbody", {}, rows)));
}
