// Navegador's map: the 13 sea regions on a stylised route from Lisboa round Africa to Japan,
// with their borders (red into Cabo and Malaca), each region's good, explorer disk, double
// loss marker, hidden stack (its size only: the view holds nothing more) or revealed
// colony prices, and every player's ships there. The regions this seat's moves name (where a
// ship may go, explore, found or be handed back) are ringed here and clickable, like their
// buttons in the action bar.

import { seatColour, seatMark, seatName } from "../../core/widgets/seat.js";
import { MAP_H, MAP_W, gridSpot, isRedBorder, regionAt } from "./geo.js";
import { svg } from "./svg.js";
import { send } from "../../core/widgets/action.js";
import { actionLabel, goodName, regionName, regionShort } from "./words.js";

export const GOOD_COLOURS = { sugar: "#f7f4ea", gold: "#e8b923", spice: "#9a5b2c" };
const GOOD_INK = { sugar: "#1c2430", gold: "#1c2430", spice: "#ffffff" };
const R = 46;

// Rough coasts, for orientation only: Brazil, Iberia and Europe, Africa (Guiné and Angola on
// its west coast, the Cape at its tip, Moçambique and Zanzibar on its east coast), Arabia,
// India and the Far East, Kyushu, Australia.
const LAND = [
  "M0 110 L35 150 L25 250 L45 330 L40 430 L20 520 L0 600 Z",
  "M90 0 L290 0 L300 50 L250 100 L200 95 L205 40 L120 35 Z",
  "M180 125 L330 115 L420 175 L470 245 L420 300 L385 390 L360 480 L300 548 L300 430 L292 330 L258 255 L238 185 Z",
  "M360 60 L470 70 L520 150 L480 200 L430 165 Z",
  "M480 0 L1000 0 L1000 30 L890 40 L865 140 L770 125 L735 215 L712 290 L690 230 L660 250 L640 300 L610 235 L560 120 L510 90 Z",
  "M905 110 L935 125 L925 160 L895 150 Z",
  "M700 620 L760 560 L900 565 L975 620 Z",
];

/** Returns what a region shows, as lines of text (its tooltip, and the list screen readers get). */
export function regionTitle(ctx, view, r) {
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
  const w = r.explored && r.colonies.some((p) => p >= 100) ? 34 : 26; // room for "120"
  const left = x - ((count - 1) * (w + 3)) / 2;
  for (let i = 0; i < count; i++) {
    const tx = left + i * (w + 3);
    if (r.explored) {
      g.append(
        svg("rect", { x: tx - w / 2, y: y - 9, width: w, height: 18, rx: 3, class: "nv-token", fill: GOOD_COLOURS[r.good] }),
        svg("text", { x: tx, y, class: "nv-token-price", fill: GOOD_INK[r.good] }, String(r.colonies[i])),
      );
    } else {
      g.append(
        svg("rect", { x: tx - w / 2, y: y - 9, width: w, height: 18, rx: 3, class: "nv-token nv-hidden" }),
        svg("text", { x: tx, y, class: "nv-token-price" }, "?"),
      );
    }
  }
  return g;
}

function shipMarks(ctx, r, x, y) {
  const g = svg("g", { class: "nv-ships" });
  const present = r.ships.map((n, seat) => [seat, n]).filter(([, n]) => n > 0);
  const labels = present.map(([seat, n]) => `${seatMark(ctx.names, seat)}·${n}`); // "A·2": player A has 2 ships here
  const widest = Math.max(0, ...labels.map((l) => 8 + 8.5 * l.length)); // side by side, never over each other
  present.forEach(([seat], k) => {
    const [sx, sy] = gridSpot(x, y + 6, k, present.length, widest + 3, 24);
    const label = labels[k];
    const w = 8 + 8.5 * label.length;
    g.append(svg("g", { class: "nv-ship", "data-seat": seat },
      svg("rect", { x: sx - w / 2, y: sy - 10, width: w, height: 20, rx: 10, fill: seatColour(ctx, seat) }),
      svg("text", { x: sx, y: sy, class: "nv-ship-text" }, label)));
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

// A ringed region is a control too: the one move that names it is sent by a click (or Enter);
// where several do (ships from two regions may sail there), the click points at their buttons.
function regionControl(ctx, g, r, legal) {
  const acts = legal.filter((a) => a.type !== "move" && targetRegions([a]).has(r.id));
  if (!acts.length) return;
  const one = acts.length === 1 ? acts[0] : null;
  const go = () => {
    if (one) return send(ctx, one);
    const bar = document.getElementById("status-actions");
    const button = bar?.querySelector(`[data-action="${CSS.escape(JSON.stringify(acts[0]))}"]`);
    button?.scrollIntoView({ block: "nearest" });
    button?.focus();
  };
  Object.assign(g.dataset, one ? { testid: "action", action: JSON.stringify(one) } : {});
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  g.setAttribute("aria-label", `${regionName(ctx, r.id)}: ${one ? actionLabel(ctx, ctx.view, ctx.seat, one) : ctx.t("nv.tip.regionChoices")}`);
  g.addEventListener("click", go);
  g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
}

function regionNode(ctx, view, r, targets, legal) {
  const [x, y] = regionAt(r.id);
  const unexplored = !r.explored && r.id !== "portugal";
  const cls = ["nv-region", unexplored ? "nv-unexplored" : "", targets.has(r.id) ? "nv-target" : ""].filter(Boolean).join(" ");
  const g = svg("g", { class: cls, "data-region": r.id });
  if (targets.has(r.id)) regionControl(ctx, g, r, legal);
  g.append(svg("title", {}, regionTitle(ctx, view, r)));
  g.append(svg("circle", { cx: x, cy: y, r: R, class: `nv-sea ${r.id === "portugal" ? "nv-home" : ""}` }));
  if (r.good) g.append(svg("circle", { cx: x, cy: y, r: R, class: "nv-good-ring", stroke: GOOD_COLOURS[r.good] }));
  if (targets.has(r.id)) g.append(svg("circle", { cx: x, cy: y, r: R + 7, class: "nv-ring" }));
  g.append(svg("text", { x, y: y - R - 6, class: "nv-name" }, regionShort(ctx, r.id)));
  // The good in words too: the ring's colour is never the only cue.
  // The explorer disk and the double-loss mark sit on the ring's shoulders, outside the words
  // (a long good's name, "пряности", ran under them when they stood inside).
  if (r.good) g.append(svg("text", { x, y: y - 27, class: "nv-good-word" }, goodName(ctx, r.good)));
  if (unexplored) {
    g.append(svg("circle", { cx: x + R * 0.9, cy: y - R * 0.78, r: 9, class: "nv-explorer" }));
  }
  if (r.double_loss && unexplored) {
    g.append(svg("text", { x: x - R * 0.95, y: y - R * 0.62, class: "nv-double" }, "×2"));
  }
  g.append(tokens(ctx, r, x, y - 12));
  g.append(shipMarks(ctx, r, x, y + 16));
  return g;
}

// The map's words are sized in screen pixels, whatever width the map is drawn at: `--px` is
// one CSS pixel in map units, kept up to date as the map is resized (the CSS multiplies it).
const scaled = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (!target.isConnected) { scaled.unobserve(target); continue; }
    const { width, height } = target.getBoundingClientRect(); // the drawing fits inside both
    if (width > 0 && height > 0) target.style.setProperty("--px", `${Math.max(MAP_W / width, MAP_H / height)}px`);
  }
});

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
  scaled?.observe(map);
  map.append(svg("g", { class: "nv-land" }, LAND.map((d) => svg("path", { d }))));
  const borders = svg("g", { class: "nv-borders" });
  for (const b of view.borders || []) {
    const [x1, y1] = regionAt(b[0]);
    const [x2, y2] = regionAt(b[1]);
    const red = isRedBorder(b);
    borders.append(svg("line", { x1, y1, x2, y2, class: red ? "nv-border nv-red" : "nv-border" },
      red ? svg("title", {}, ctx.t("nv.redBorder")) : null));
  }
  map.append(borders);
  for (const r of view.regions || []) map.append(regionNode(ctx, view, r, targets, legal));
  return map;
}
