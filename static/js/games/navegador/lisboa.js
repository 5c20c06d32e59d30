// Navegador's Lisboa worker chart (2 to 9 workers, every player's marker on it) and the
// privilege gallery (tokens left of each kind, and the refill by phase at this table).

import { h } from "../../core/dom.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { COLUMNS, columnName } from "./words.js";

const MIN = 2;
const MAX = 9;

/** Returns the Lisboa chart: a space per worker count with the markers of the players there. */
export function renderLisboa(ctx, view) {
  const spaces = [];
  for (let n = MIN; n <= MAX; n++) {
    const here = view.players.filter((p) => p.workers === n);
    spaces.push(h("li", { class: `nv-lspace ${here.length ? "nv-occupied" : ""}`, title: here.map((p) => ctx.t("nv.workersOf", { who: seatName(ctx, p.seat), n })).join("\n") || ctx.t("nv.tip.lisboa", { n }) },
      h("span", { class: "nv-lnum" }, String(n)),
      h("span", { class: "nv-lmarks" }, here.map((p) => seatDisc(ctx, p.seat, "nv-disc")))));
  }
  return h("section", { class: "nv-panel nv-lisboa", dataset: { testid: "nv-lisboa" } },
    h("h3", {}, ctx.t("nv.lisboa")),
    h("ol", { class: "nv-ltrack" }, spaces));
}

/** Returns the privilege gallery: how many tokens of each kind are there to take. */
export function renderGallery(ctx, view) {
  const [a, b, c] = view.refill || [];
  return h("section", { class: "nv-panel nv-gallery", dataset: { testid: "nv-gallery" } },
    h("h3", {}, ctx.t("nv.gallery")),
    h("ul", { class: "nv-arches" }, COLUMNS.map((col) => h("li", { class: view.gallery[col] ? "" : "nv-emptyarch", title: ctx.t("nv.galleryLeft", { column: columnName(ctx, col), n: view.gallery[col] }) },
      h("span", {}, columnName(ctx, col)), h("b", {}, String(view.gallery[col]))))),
    a != null ? h("p", { class: "nv-note" }, ctx.t("nv.refill", { a, b, c })) : null);
}
