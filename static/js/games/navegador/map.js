// Navegador's map: the 13 sea regions on a stylised route from Lisboa round Africa to Japan,
// with their borders (red into Cabo and Malaca), each region's good, explorer disk, double
// loss marker, hidden stack (its size only: the view holds nothing more) or revealed
// colony prices, and every player's ships there. Clicks are made in the actions panel; the
// regions those actions name (where a ship may go, explore, found or be handed back) are
// ringed here while it is this seat's move.

import { initialOf } from "../../core/dom.js";
import { seatColour, seatName } from "../../core/widgets/seat.js";
import { BORDERS, MAP_H, MAP_W, fanOut, isRedBorder, regionAt } from "./geo.js";
import { svg } from "./svg.js";
import { goodName, regionName, regionShort } from "./words.js";

export const GOOD_COLOURS = { sugar: "#f7f4ea", gold: "#e8b923", spice: "#9a5b2c" };
const GOOD_INK = { sugar: "#1c2430", gold: "#1c2430", spice: "#ffffff" };
const R = 46;

// Rough coasts, for orientation only: South America, Europe and Africa, Asia, Japan.
const LAND = [
  "M0 300 L40 200 L20 140 L0 140 Z",
  "M0 470 L40 540 L10 620 L0 620 Z",
  "M90 0 L260 0 L300 60 L240 110 L200 90 L200 40 L120 40 Z",
  "M300 150 L360 150 L400 260 L360 420 L320 560 L300 600 L290 470 L310 330 L290 260 Z",
  "M480 0 L1000 0 L1000 40 L880 40 L860 140 L760 120 L700 260 L660 240 L640 300 L610 230 L540 120 L500 90 Z",
  "M600 560 L700 520 L760 600 L600 620 Z",
];

function regionTitle(ctx, view, r) {
  const lines = [regionName(ctx, r.id)];
  if (r.good) lines.push(goodName(ctx, r.good));
  if (r.id === "portugal") lines.push(ctx.t("nv.home"));
  if (!r.explored && r.id !== "portugal") lines.push(ctx.t("nv.explorer"), ctx.t("nv.stack", { n: r.stack }));
  if (r.double_loss && !r.explored) lines.push(ctx.t("nv.doubleLoss"));
  for (const price of r.colonies) lines.push(ctx.t("nv.colonyToken", { good: goodName(ctx, r.good), price }));
  if (r.explored && r.good && !r.colonies.length) lines.push(ctx.t("nv.noColonies"));
  r.ships.forEach((n, seat) => { if (n) lines.push(ctx.t("nv.shipsOf", { who: seatName(ctx, seat), n })); });
  return lines.join("\n");
}

function tokens(ctx, r, x, y) {
  const g = svg("g", { class: "nv-tokens" });
  const count = r.explored ? r.colonies.length : r.stack;
  const w = 26;
  const left = x - ((count - 1) * (w + 3)) / 2;
  for (let i = 0; i < count; i++) {
    const tx = left + i * (w + 3);
    if (r.explored) {
      g.append(
        svg("rect", { x: tx - w / 2, y: y - 9, width: w, height: 18, rx: 3, class: "nv-token", fill: GOOD_COLOURS[r.good] }),
        svg("text", { x: tx, y: y + 5, class: "nv-token-price", fill: GOOD_INK[r.good] }, String(r.colonies[i])),
      );
    } else {
      g.append(
        svg("rect", { x: tx - w / 2, y: y - 9, width: w, height: 18, rx: 3, class: "nv-token nv-hidden" }),
        svg("text", { x: tx, y: y + 5, class: "nv-token-price" }, "?"),
      );
    }
  }
  return g;
}

function shipMarks(ctx, r, x, y) {
  const g = svg("g", { class: "nv-ships" });
  const present = r.ships.map((n, seat) => [seat, n]).filter(([, n]) => n > 0);
  present.forEach(([seat, n], k) => {
    const [sx, sy] = fanOut(x, y + 6, k, present.length, 20);
    g.append(
      svg("circle", { cx: sx, cy: sy, r: 13, fill: seatColour(ctx, seat), class: "nv-ship", "data-seat": seat }),
      svg("text", { x: sx, y: sy + 5, class: "nv-ship-text" }, `${initialOf(seatName(ctx, seat), seat)}${n}`),
    );
  });
  return g;
}

/** Returns the ids of the regions the legal actions name (destinations, explorations, colonies, ships to hand back). */
export function targetRegions(legal) {
  const out = new Set();
  for (const a of legal) {
    const id = a.type === "sail" ? a.to : ["explore", "found", "return_ship"].includes(a.type) ? a.region : null;
    if (id) out.add(id);
  }
  return out;
}

function regionNode(ctx, view, r, targets) {
  const [x, y] = regionAt(r.id);
  const unexplored = !r.explored && r.id !== "portugal";
  const cls = ["nv-region", unexplored ? "nv-unexplored" : "", targets.has(r.id) ? "nv-target" : ""].filter(Boolean).join(" ");
  const g = svg("g", { class: cls, "data-region": r.id });
  g.append(svg("title", {}, regionTitle(ctx, view, r)));
  g.append(svg("circle", { cx: x, cy: y, r: R, class: `nv-sea ${r.id === "portugal" ? "nv-home" : ""}` }));
  if (r.good) g.append(svg("circle", { cx: x, cy: y, r: R, class: "nv-good-ring", stroke: GOOD_COLOURS[r.good] }));
  if (targets.has(r.id)) g.append(svg("circle", { cx: x, cy: y, r: R + 7, class: "nv-ring" }));
  g.append(svg("text", { x, y: y - R - 6, class: "nv-name" }, regionShort(ctx, r.id)));
  if (unexplored) {
    g.append(svg("circle", { cx: x + R * 0.72, cy: y - R * 0.72, r: 9, class: "nv-explorer" }));
  }
  if (r.double_loss && unexplored) {
    g.append(svg("text", { x: x - R * 0.72, y: y - R * 0.55, class: "nv-double" }, "×2"));
  }
  g.append(tokens(ctx, r, x, y - 18));
  g.append(shipMarks(ctx, r, x, y + 14));
  return g;
}

/** Returns the map as an SVG element, ringing the regions this seat's legal actions name. */
export function mapSvg(ctx, view, legal = []) {
  const targets = targetRegions(legal);
  const map = svg("svg", {
    class: "nv-map",
    viewBox: `0 0 ${MAP_W} ${MAP_H}`,
    role: "img",
    "aria-label": ctx.t("nv.map"),
    "data-testid": "nv-map",
  });
  map.append(svg("g", { class: "nv-land" }, LAND.map((d) => svg("path", { d }))));
  const borders = svg("g", { class: "nv-borders" });
  for (const b of view.borders || BORDERS) {
    const [x1, y1] = regionAt(b[0]);
    const [x2, y2] = regionAt(b[1]);
    const red = isRedBorder(b);
    borders.append(svg("line", { x1, y1, x2, y2, class: red ? "nv-border nv-red" : "nv-border" },
      red ? svg("title", {}, ctx.t("nv.redBorder")) : null));
  }
  map.append(borders);
  for (const r of view.regions || []) map.append(regionNode(ctx, view, r, targets));
  return map;
}
