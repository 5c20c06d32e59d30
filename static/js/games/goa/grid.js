// Goa's board: the 5x5 tile grid with its edge, where the flag and the numbered auction
// markers stand, and a line that reads out the tile last touched. Placing a marker is a
// button on the cell (an action button, so tests and keyboards reach it).

import { h } from "../../core/dom.js";
import { actionButton } from "../../core/widgets/action.js";
import { localState } from "../../core/widgets/local.js";
import { seatColour, seatName } from "../../core/widgets/seat.js";
import { spiceName, tileName, tileShort, tileText } from "./words.js";

export const SPICE_COLORS = {
  ginger: "#a8841f", // 3.4:1 on the cream tiles (tokens need 3:1)
  cinnamon: "#9c5b2e",
  pepper: "#3f4a3c",
  nutmeg: "#bf7424",
  clove: "#6b2f3a",
};
const KIND_COLORS = { red: "#b91c1c", now: "#b7791f", duty: "#4b5563", special: "#6d28d9", mission: "#0f766e" };

/** Returns the local state of Goa's screen for this match (the tile text being read). */
export function goaLocal(ctx) {
  return localState(ctx, "goa", () => ({ info: "" }));
}

/** Returns a spice dot, filled or an empty field's dashed ring. */
export function spiceDot(ctx, spice, filled = true, title = null) {
  const name = spiceName(ctx, spice);
  return h("span", {
    class: `goa-dot ${filled ? "" : "goa-empty"}`,
    style: { "--s": SPICE_COLORS[spice] || "#999" },
    title: title || name,
    "aria-label": filled ? name : ctx.t("goa.emptyDot", { spice: name }),
  });
}

function tileFace(ctx, tile) {
  const color = tile.kind === "plantation" ? SPICE_COLORS[tile.spice] : KIND_COLORS[tile.kind] || "#555";
  const body = [h("span", { class: "goa-tname" }, tileShort(ctx, tile))];
  if (tile.kind === "plantation") {
    body.push(h("span", { class: "goa-fields" }, Array.from({ length: tile.fields }, () => spiceDot(ctx, tile.spice))));
  }
  const about = `${tileName(ctx, tile)}: ${tileText(ctx, tile)}`;
  return h("span", { class: `goa-tile goa-k-${tile.kind}`, style: { "--k": color }, title: about, tabindex: 0 }, body);
}

function markerChip(ctx, seat, n) {
  return h("span", { class: "goa-marker", style: { "--c": seatColour(ctx, seat) }, title: ctx.t("goa.tip.marker", { who: seatName(ctx, seat), n }) }, String(n));
}

/** Returns the board with the line that reads out the tile last touched. */
export function renderGrid(ctx, view, legal, used) {
  const local = goaLocal(ctx);
  const info = h("p", { class: "goa-info", "aria-live": "polite" }, local.info || `${ctx.t("goa.tapTile")} ${ctx.t("goa.starLegend")}`);
  const places = new Map();
  for (const a of legal) {
    if (a.type === "place_flag" || a.type === "place_marker") {
      places.set(`${a.row},${a.col}`, a);
      used.add(JSON.stringify(a));
    }
  }
  const grid = h("div", { class: "goa-grid", role: "grid", "aria-label": ctx.t("goa.gameArea") });
  const markers = new Map((view.markers || []).map((m) => [m.pos.join(","), m]));
  const flagAt = view.flag_pos ? view.flag_pos.join(",") : null;
  for (let r = -1; r <= 5; r++) {
    for (let c = -1; c <= 5; c++) {
      const key = `${r},${c}`;
      const onGrid = r >= 0 && r < 5 && c >= 0 && c < 5;
      const tile = onGrid ? view.grid[r][c] : null;
      const cell = h("div", { class: `goa-cell ${onGrid ? "" : "goa-edge"} ${tile ? "" : "goa-gap"}`, role: "gridcell" });
      if (tile) {
        const face = tileFace(ctx, tile);
        const show = () => {
          local.info = face.title;
          info.textContent = local.info;
        };
        for (const ev of ["click", "mouseenter", "focus"]) face.addEventListener(ev, show);
        cell.append(face);
      }
      if (key === flagAt) cell.append(h("span", { class: "goa-flag", title: ctx.t("goa.flag") }, "⚑"));
      const m = markers.get(key);
      if (m) {
        const chip = markerChip(ctx, m.seat, m.n);
        // The last move of the placing phase: the newest marker is ringed (and pops in, motion allowed).
        if (view.phase === "place" && m.n === Math.max(...view.markers.map((x) => x.n))) chip.classList.add("goa-last");
        cell.append(chip);
      }
      const act = places.get(key);
      if (act) {
        cell.classList.add("goa-target");
        const flag = act.type === "place_flag";
        cell.append(actionButton(ctx, act, flag ? "⚑1" : `▼${view.placing}`, {
          primary: true,
          class: "goa-btn goa-place",
          title: flag ? ctx.t("goa.placeFlag") : ctx.t("goa.placeMarker", { n: view.placing }),
        }));
      }
      grid.append(cell);
    }
  }
  return h("div", { class: "goa-boardwrap", dataset: { stage: "" } }, h("div", { class: "goa-gridscroll" }, grid), info);
}
