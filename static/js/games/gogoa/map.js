// Go Goa's map: land hexes coloured by destination type, icons and names, the compass, every
// revealed path in its player's colour, this seat's secret draft (dashed), tokens, and the
// hexes a drawing player may click: blue goes straight on (one `step`, carrying the action
// hooks), gray turns there (a `deviate` and then a `step`, so it carries none).

import { initialOf } from "../../core/dom.js";
import { send } from "../../core/widgets/action.js";
import { seatColour, seatName } from "../../core/widgets/seat.js";
import { R, centre, corners, hexKey, landHexes, svg, through } from "./hexes.js";
import { placeName, shortName } from "./names.js";

// One small glyph per destination type, drawn in a 10x10 box centred on 0,0.
const TYPE_ICONS = {
  beach: "M-4 0 A4 4 0 0 1 4 0 Z M0 0 L0 4.5 M-4.5 4.5 L4.5 4.5", // umbrella on sand
  fort: "M-4 4 L-4 -3 L-2.5 -3 L-2.5 -1.5 L-1 -1.5 L-1 -3 L1 -3 L1 -1.5 L2.5 -1.5 L2.5 -3 L4 -3 L4 4 Z", // battlements
  heritage: "M-4.5 -1.5 L0 -4.5 L4.5 -1.5 Z M-3.5 -1 L-3.5 3.5 M0 -1 L0 3.5 M3.5 -1 L3.5 3.5 M-4.5 4 L4.5 4", // columns
  religious: "M-3.5 4 L-3.5 0 A3.5 3.5 0 0 1 3.5 0 L3.5 4 Z M0 -3.5 L0 -5.5", // dome and spire
  waterfall: "M-3 -4 L-3 4 M0 -4 L0 4 M3 -4 L3 4 M-4.5 4 Q-2 2.5 0 4 Q2 5.5 4.5 4", // falling water
};

// The window of the map: all of it, or about 15 hexes around this tourist when zoomed.
function viewBox(view, land, draft, zoomed) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const hx of land) {
    const [x, y] = centre(hx);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = R * 1.5;
  const box = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
  if (!zoomed) return box;
  const focus = centre(draft ? draft.position : view.me ? view.players[view.me.seat].position : view.sheet.start);
  const w = 15 * 1.5 * R;
  const hgt = w * 1.15;
  const x = Math.min(Math.max(focus[0] - w / 2, box[0]), box[0] + box[2] - w);
  const y = Math.min(Math.max(focus[1] - hgt / 2, box[1]), box[1] + box[3] - hgt);
  return [x, y, w, hgt];
}

// What the seat may click: key -> the actions that hex sends.
function targets(view, draft, local) {
  const blue = new Map();
  const gray = new Map();
  if (!(draft && draft.drawing && !draft.submitted && !draft.finished && (view.legal || []).length)) return { blue, gray };
  (draft.ahead || []).forEach((hx, i) => { if (!blue.has(hexKey(hx))) blue.set(hexKey(hx), [{ type: "step", count: i + 1 }]); });
  if (draft.path.length > 0 || local.deviating) {
    for (const opt of draft.deviation_options || []) {
      opt.hexes.forEach((hx, i) => {
        const k = hexKey(hx);
        if (!blue.has(k) && !gray.has(k)) gray.set(k, [{ type: "deviate", heading: opt.heading }, { type: "step", count: i + 1 }]);
      });
    }
  }
  return { blue, gray };
}

function landLayer(ctx, view, land, local, draft) {
  const { blue, gray } = targets(view, draft, local);
  const dests = new Map(view.sheet.destinations.map((d) => [hexKey(d.hex), d]));
  const g = svg("g", { class: "gg-land" });
  for (const hx of land) {
    const k = hexKey(hx);
    const d = dests.get(k);
    const go = blue.get(k) || gray.get(k);
    const onclick = go ? () => { local.deviating = false; send(ctx, ...go); } : null;
    const cls = ["gg-hex", blue.has(k) ? "gg-blue" : gray.has(k) ? "gg-gray" : "", d ? `gg-t-${d.type}` : ""].filter(Boolean);
    const poly = svg("polygon", {
      points: corners(hx, R * 0.97),
      class: cls.join(" "),
      "data-hex": k,
      tabindex: onclick ? 0 : null,
      role: onclick ? "button" : null,
      "aria-label": onclick ? (d ? placeName(ctx, view, d.code) : k) : null,
      onclick,
      "data-testid": blue.has(k) ? "action" : null,
      "data-action": blue.has(k) ? JSON.stringify(blue.get(k)[0]) : null,
      onkeydown: onclick ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onclick(); } } : null,
    });
    if (d) poly.append(svg("title", {}, `${placeName(ctx, view, d.code)} (${ctx.t(`type.${d.type}`)})`));
    g.append(poly);
  }
  return g;
}

function destinationLayer(ctx, view) {
  const visited = new Set(view.me ? view.players[view.me.seat].visited : []);
  const g = svg("g", { class: "gg-dests", "pointer-events": "none" });
  for (const d of view.sheet.destinations) {
    const [x, y] = centre(d.hex);
    g.append(svg("path", { d: TYPE_ICONS[d.type], transform: `translate(${x} ${y}) scale(0.9)`, class: "gg-icon" }));
    g.append(svg("text", { x, y: y + R * 1.45, class: "gg-label" }, shortName(ctx, view, d.code)));
    if (d.guide) g.append(svg("text", { x: x + R * 0.55, y: y - R * 0.45, class: "gg-guide-mark" }, ctx.t("ui.guideMark")));
    if (visited.has(d.code)) g.append(svg("text", { x: x - R * 0.6, y: y - R * 0.4, class: "gg-visited" }, "✓"));
  }
  const [sx, sy] = centre(view.sheet.start);
  g.append(svg("polygon", { points: corners(view.sheet.start, R * 0.6), class: "gg-start" }));
  g.append(svg("text", { x: sx, y: sy + R * 1.45, class: "gg-label" }, ctx.t("ui.start")));
  return g;
}

// Zoomed in, the compass's corner is land: it is drawn smaller and see-through (CSS).
function compass(sheet, right, top, scale = 1) {
  const cx = right - R * 4 * scale;
  const cy = top + R * 4 * scale;
  const g = svg("g", { class: "gg-compass", "pointer-events": "none", transform: `translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})` });
  g.append(svg("polygon", { points: corners([0, 0], R * 2.6), transform: `translate(${cx} ${cy})`, class: "gg-compass-hex" }));
  for (const [face, [dq, dr]] of Object.entries(sheet.compass)) {
    const [x, y] = centre([dq, dr]);
    g.append(svg("text", { x: cx + x * 1.55, y: cy + y * 1.55 + 3, class: "gg-compass-num" }, face));
  }
  return g;
}

function pathLayer(ctx, view, draft) {
  const g = svg("g", { class: "gg-paths", "pointer-events": "none" });
  view.players.forEach((p, i) => {
    p.paths.forEach((rec, n) => {
      const latest = n === p.paths.length - 1;
      g.append(svg("polyline", { points: through([rec.from, ...rec.hexes]), stroke: seatColour(ctx, i), class: `gg-path ${latest ? "gg-latest" : ""}`, "data-seat": i }));
    });
  });
  if (draft && (draft.path || []).length) {
    const me = view.me.seat;
    g.append(svg("polyline", { points: through([view.players[me].position, ...draft.path]), stroke: seatColour(ctx, me), class: "gg-path gg-draft" }));
  }
  return g;
}

// Where each tourist stands (this seat: where its draft ends); several on one hex fan out.
function tokenLayer(ctx, view, draft) {
  const g = svg("g", { class: "gg-tokens", "pointer-events": "none" });
  const at = new Map();
  view.players.forEach((p, i) => {
    const pos = view.me && view.me.seat === i && draft ? draft.position : p.position;
    if (!at.has(hexKey(pos))) at.set(hexKey(pos), []);
    at.get(hexKey(pos)).push([i, pos]);
  });
  for (const group of at.values()) {
    group.forEach(([i, pos], n) => {
      const [x, y] = centre(pos);
      const a = (2 * Math.PI * n) / group.length;
      const off = group.length > 1 ? R * 0.45 : 0;
      const cx = x + off * Math.cos(a);
      const cy = y + off * Math.sin(a);
      g.append(svg("circle", { cx, cy, r: R * 0.42, fill: seatColour(ctx, i), class: "gg-token" }));
      g.append(svg("text", { x: cx, y: cy + R * 0.17, class: "gg-token-text" }, initialOf(seatName(ctx, i), i)));
    });
  }
  return g;
}

/** Returns the map as an SVG element (see the module header). */
export function mapSvg(ctx, view, local, draft, zoomed) {
  const land = landHexes(view.sheet);
  const box = viewBox(view, land, draft, zoomed);
  const map = svg("svg", {
    class: `gg-map ${zoomed ? "gg-zoomed" : ""}`,
    viewBox: box.map((n) => n.toFixed(1)).join(" "),
    role: "img",
    "aria-label": ctx.t("ui.map"),
    "data-testid": "gg-map",
  });
  map.append(
    landLayer(ctx, view, land, local, draft),
    destinationLayer(ctx, view),
    compass(view.sheet, box[0] + box[2], box[1], zoomed ? 0.6 : 1),
    pathLayer(ctx, view, draft),
    tokenLayer(ctx, view, draft),
  );
  return map;
}
