// Navegador's rondel: eight fields clockwise from Sailing at the top, every player's stone,
// the orange ship of the Navegador card, and for the player whose turn it is the three free
// fields ahead highlighted and the ship cost of the fields beyond. When this seat chooses a
// field, each open field carries its move button (with the cost) on the rondel itself.

import { h } from "../../core/dom.js";
import { actionButton } from "../../core/widgets/action.js";
import { seatColour, seatMark, seatName } from "../../core/widgets/seat.js";
import { FIELDS, fieldCentre, fieldPath, gridSpot, polar, shipCost } from "./geo.js";
import { svg } from "./svg.js";
import { fieldAbout, fieldName, moveCost } from "./words.js";

const SIZE = 320;
const C = SIZE / 2;
const R0 = 46;
const R1 = 156;
// Each field holds, from the rim inwards: its name, then its cost or move button (both at
// LABEL_R, one above the other, so side fields do not crowd), then the stones at STONE_R.
const LABEL_R = 110;
const STONE_R = 64;

/**
 * Returns {field: ships} for the player whose turn it is: from its stone, every other field
 * with the ships it would cost (shown even where it cannot pay). The view lists no moves: the
 * mover's legal actions name the fields, the stone and the free steps give each one's cost.
 */
export function fieldCosts(view) {
  const step = view.step;
  const seat = step?.kind === "move" ? step.seat : view.current;
  const stone = seat != null ? view.rondel?.stones?.[seat] : null;
  const costs = new Map();
  if (stone != null) for (let f = 0; f < FIELDS; f++) if (f !== stone) costs.set(f, shipCost(stone, f));
  return costs;
}

function stones(ctx, view, field) {
  const here = (view.rondel.stones || []).map((f, seat) => [seat, f]).filter(([, f]) => f === field);
  const [x, y] = fieldCentre(field, FIELDS, C, C, STONE_R);
  return here.map(([seat], k) => {
    const [sx, sy] = gridSpot(x, y, k, here.length, 20);
    return svg("g", { class: `nv-stone ${seat === view.current ? "nv-stone-now" : ""}`, "data-seat": seat },
      svg("title", {}, seatName(ctx, seat)),
      svg("rect", { x: sx - 10, y: sy - 10, width: 20, height: 20, rx: 5, fill: seatColour(ctx, seat) }),
      svg("text", { x: sx, y: sy + 4.5, class: seatMark(ctx.names, seat).length > 1 ? "nv-stone-long" : null }, seatMark(ctx.names, seat)));
  });
}

function fieldShape(ctx, view, field, costs) {
  const cost = costs.get(field);
  const kind = cost == null ? "" : cost === 0 ? "nv-free" : "nv-dear";
  const [lx, ly] = fieldCentre(field, FIELDS, C, C, LABEL_R);
  const name = fieldName(ctx, view, field);
  const about = fieldAbout(ctx, view, field);
  const title = cost == null ? `${name}: ${about}` : `${name} (${moveCost(ctx, cost)}): ${about}`;
  return svg("g", { class: `nv-field ${kind}`, "data-field": field },
    svg("title", {}, title),
    svg("path", { d: fieldPath(field, FIELDS, C, C, R0, R1), class: `nv-f-${view.rondel.fields[field]}` }),
    svg("text", { x: lx, y: ly - 6, class: "nv-field-name" }, name),
    cost ? svg("text", { x: lx, y: ly + 14, class: "nv-field-cost" }, ctx.t("nv.shipCost", { n: cost })) : null,
    stones(ctx, view, field));
}

function orangeShip(ctx, view) {
  const at = view.card?.marker;
  if (at == null || view.over) return null;
  // At the rim, a little anticlockwise of the field's name, clear of names and stones.
  const [x, y] = polar(C, C, R1 - 16, (360 * at) / FIELDS - 16);
  return svg("g", { class: "nv-orange" }, svg("title", {}, ctx.t("nv.orangeShip")),
    svg("path", { d: `M${x - 9} ${y - 2} L${x + 9} ${y - 2} L${x + 5} ${y + 5} L${x - 5} ${y + 5} Z M${x} ${y - 2} L${x} ${y - 12} L${x + 7} ${y - 5} Z` }));
}

// Move buttons sit over their fields, placed in percent of the rondel's box so they follow its size.
function moveButtons(ctx, view, legal, used) {
  const moves = legal.filter((a) => a.type === "move");
  const costs = fieldCosts(view);
  return moves.map((a) => {
    used.add(JSON.stringify(a));
    const [x, y0] = fieldCentre(a.field, FIELDS, C, C, LABEL_R);
    const y = y0 + 10;
    const cost = costs.get(a.field) ?? 0;
    const b = actionButton(ctx, a, cost ? ctx.t("nv.shipCost", { n: cost }) : ctx.t("nv.free"), {
      class: `nv-btn nv-move ${cost ? "nv-move-dear" : ""}`,
      title: `${ctx.t("nv.act.move", { field: fieldName(ctx, view, a.field), cost: moveCost(ctx, cost) })}: ${fieldAbout(ctx, view, a.field)}`,
    });
    b.style.left = `${(100 * x) / SIZE}%`;
    b.style.top = `${(100 * y) / SIZE}%`;
    return b;
  });
}

/** Returns the rondel panel: the wheel, its move buttons when this seat moves, a line of help. */
export function renderRondel(ctx, view, legal, used) {
  const costs = fieldCosts(view);
  const wheel = svg("svg", { class: "nv-rondel-svg", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "img", "aria-label": ctx.t("nv.rondel") });
  for (let f = 0; f < FIELDS; f++) wheel.append(fieldShape(ctx, view, f, costs));
  wheel.append(svg("circle", { cx: C, cy: C, r: R0 - 4, class: "nv-hub" }));
  const orange = orangeShip(ctx, view);
  if (orange) wheel.append(orange);
  const unplaced = (view.rondel.stones || []).map((f, s) => [s, f]).filter(([, f]) => f == null).map(([s]) => seatName(ctx, s));
  return h("section", { class: "nv-panel nv-rondel", dataset: { testid: "nv-rondel" } },
    h("h3", {}, ctx.t("nv.rondel")),
    h("div", { class: "nv-wheel" }, wheel, moveButtons(ctx, view, legal, used)),
    h("p", { class: "nv-note" }, ctx.t("nv.rondelAbout", { n: view.rondel.free })),
    unplaced.length ? h("p", { class: "nv-note" }, `${ctx.t("nv.notPlaced")}: ${unplaced.join(", ")}`) : null);
}
