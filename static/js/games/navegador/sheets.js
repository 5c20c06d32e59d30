// Navegador's player sheets: each player's Cruzados, workers, ships at sea and in supply,
// the King's privilege, and the five columns (colonies, factories, explorers, shipyards,
// churches) with the base VP, the three privilege positions (coin values, covered ones
// marked), the VP per item, the achievements and the column's VP now; then what the
// player owns (colonies by good and price, factories, explorer disks). Your own sheet first.

import { h } from "../../core/dom.js";
import { seatColour, seatDisc, seatName } from "../../core/widgets/seat.js";
import { COLUMNS, columnName, columnVp, goodName, regionShort, sheetVp } from "./words.js";

// One row per column of the printed sheet (so a phone shows it whole): the base VP, the
// three privilege positions top to bottom (coin value, or the privilege's +VP once
// covered), and the column's VP now (VP per item × items).
function sheetTable(ctx, view, p) {
  const coins = view.sheet.coins;
  const head = h("tr", {}, h("th", { scope: "col" }), h("th", { scope: "col" }, ctx.t("nv.base")),
    h("th", { scope: "col", colspan: 3 }, ctx.t("nv.privileges")), h("th", { scope: "col" }, ctx.t("nv.perItem")));
  const rows = COLUMNS.map((c) => {
    const v = columnVp(view, p, c);
    const cells = [0, 1, 2].map((pos) => {
      const covered = (p.privileges[c] ?? 0) > pos;
      return h("td", { class: covered ? "nv-covered" : "nv-coin", style: covered ? { "--c": seatColour(ctx, p.seat) } : null },
        covered ? `+${view.sheet.privilege_vp[c]}` : String(coins[c][pos]));
    });
    return h("tr", { dataset: { column: c } }, h("th", { scope: "row" }, columnName(ctx, c)), h("td", {}, String(view.sheet.base[c])), cells,
      h("td", { title: ctx.t("nv.columnVp", v) }, h("b", {}, String(v.total)), h("small", {}, ` ${v.vp}×${v.n}`)));
  });
  return h("table", { class: "nv-sheet", "aria-label": ctx.t("nv.sheetOf", { who: seatName(ctx, p.seat) }) },
    h("thead", {}, head), h("tbody", {}, rows));
}

function holdings(ctx, p) {
  const out = [];
  const colonies = Object.entries(p.colonies).filter(([, prices]) => prices.length)
    .map(([g, prices]) => ctx.t("nv.colonyList", { good: goodName(ctx, g), prices: prices.join(", ") }));
  if (colonies.length) out.push(h("p", {}, h("b", {}, `${ctx.t("nv.column.colonies")}: `), colonies.join("; ")));
  const f = p.factories;
  const factories = ["sugar", "gold", "spice"].filter((g) => f[g]).map((g) => `${goodName(ctx, g)} ×${f[g]}`);
  if (f.orange) factories.push(`${ctx.t("nv.orange")} ×${f.orange}`);
  out.push(h("p", {}, h("b", {}, `${ctx.t("nv.column.factories")}: `), factories.join(", ")));
  if (p.explorers.length) out.push(h("p", {}, h("b", {}, `${ctx.t("nv.column.explorers")}: `), p.explorers.map((r) => regionShort(ctx, r)).join(", ")));
  return h("div", { class: "nv-holdings" }, out);
}

/** Returns one player's sheet: figures, the five columns, holdings. */
export function renderSheet(ctx, view, p) {
  const seat = p.seat;
  const head = h("h3", { class: "nv-phead" },
    seatDisc(ctx, seat, "nv-disc"), ` ${seatName(ctx, seat)}`,
    view.card?.holder === seat ? h("span", { class: "nv-cardmark", title: ctx.t("nv.card", { who: seatName(ctx, seat) }) }, " ⚓") : null,
    view.to_act?.includes(seat) && !view.over ? h("span", { class: "nv-turnmark", title: ctx.t("nv.tip.toAct") }, " ●") : null);
  const stats = h("p", { class: "nv-stats" },
    h("b", { dataset: { testid: `nv-money-${seat}` } }, ctx.t("nv.cash", { n: p.money })), " · ",
    ctx.t("nv.workers", { n: p.workers }), " · ",
    ctx.t("nv.onBoard", { n: p.ships }), ` (${ctx.t("nv.supply", { n: p.supply })})`,
    p.king ? h("span", { class: "nv-king", title: ctx.t("nv.king") }, ` · ${ctx.t("nv.kingMark")}`) : null,
    " · ", ctx.t("nv.vpSoFar", { n: sheetVp(view, p) }));
  return h("section", {
    class: `nv-panel nv-player ${seat === ctx.seat ? "nv-me" : ""}`,
    style: { "--c": seatColour(ctx, seat) },
    dataset: { testid: `nv-sheet-${seat}` },
  }, head, stats, h("div", { class: "nv-sheetwrap" }, sheetTable(ctx, view, p)), holdings(ctx, p));
}

/** Returns every other player's sheet (yours is drawn near your actions). */
export function renderOthers(ctx, view) {
  const others = view.players.filter((p) => p.seat !== ctx.seat);
  return h("div", { class: "nv-players" }, others.map((p) => renderSheet(ctx, view, p)));
}
