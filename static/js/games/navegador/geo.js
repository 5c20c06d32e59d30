// Navegador's static geometry, with no DOM: where the 13 sea regions sit on the drawn map,
// the rondel's eight fields as arcs, and the rondel arithmetic a player sees before a move
// (fields ahead, how many are free, how many ships the rest cost). The rules stay in the
// engine; these numbers only draw and label what the view offers.

/** The drawn map is MAP_W x MAP_H SVG units: the Atlantic on the left, Asia on the right. */
export const MAP_W = 1000;
export const MAP_H = 620;

// Region centres, following the sea route of docs/games/navegador.md (ref §3.1): Portugal, the
// Atlantic (Guiné, Bahia, Rio de Janeiro, Angola), the Cape, East Africa, India, the
// Straits and the Far East. Keyed by the engine's region id (engines/navegador/actions.py).
export const REGION_AT = {
  portugal: [150, 70],
  guine: [205, 205],
  bahia: [70, 250],
  rio: [95, 420],
  angola: [232, 355],
  cabo: [250, 520],
  mocambique: [420, 470],
  zanzibar: [440, 320],
  goa: [575, 215],
  malaca: [715, 330],
  timor: [850, 480],
  macau: [820, 190],
  nagasaki: [935, 80],
};

/** Returns a region's map centre [x, y], or a spot on a spare row for an id not known here. */
export function regionAt(id, index = 0) {
  return REGION_AT[id] || [60 + 80 * (index % 12), MAP_H - 30];
}

/** The rondel has eight fields; three steps are free, each further step costs one ship. */
export const FIELDS = 8;
export const FREE_STEPS = 3;

/**
 * Returns how many fields clockwise a stone moves from `from` to `to` (1..8; a full circle is 8).
 * A first move (from null) counts 0: the stone is placed anywhere.
 *
 *   stepsAhead(6, 1)     // 3
 *   stepsAhead(2, 2)     // 8
 *   stepsAhead(null, 5)  // 0
 */
export function stepsAhead(from, to, fields = FIELDS) {
  if (from == null || from < 0) return 0;
  const d = (((to - from) % fields) + fields) % fields;
  return d === 0 ? fields : d;
}

/**
 * Returns the ships a move costs: none for up to three fields (or a first placement), one
 * per further field.
 *
 *   shipCost(0, 3)  // 0
 *   shipCost(0, 5)  // 2
 */
export function shipCost(from, to, fields = FIELDS) {
  return Math.max(0, stepsAhead(from, to, fields) - FREE_STEPS);
}

/** Returns the point at `angle` degrees (0 = top, clockwise) and `radius` from (cx, cy). */
export function polar(cx, cy, radius, angle) {
  const a = ((angle - 90) * Math.PI) / 180;
  return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
}

const fmt = (n) => Number(n.toFixed(2));

/**
 * Returns the SVG path `d` of rondel field `i` of `n`: a ring slice from radius r0 to r1,
 * field 0 centred at the top, the others clockwise.
 */
export function fieldPath(i, n, cx, cy, r0, r1) {
  const half = 180 / n;
  const a0 = (360 * i) / n - half;
  const a1 = a0 + 360 / n;
  const [x0, y0] = polar(cx, cy, r1, a0);
  const [x1, y1] = polar(cx, cy, r1, a1);
  const [x2, y2] = polar(cx, cy, r0, a1);
  const [x3, y3] = polar(cx, cy, r0, a0);
  return `M${fmt(x0)} ${fmt(y0)} A${r1} ${r1} 0 0 1 ${fmt(x1)} ${fmt(y1)} L${fmt(x2)} ${fmt(y2)} A${r0} ${r0} 0 0 0 ${fmt(x3)} ${fmt(y3)} Z`;
}

/** Returns the centre [x, y] of rondel field `i` of `n` at `radius`. */
export function fieldCentre(i, n, cx, cy, radius) {
  return polar(cx, cy, radius, (360 * i) / n).map(fmt);
}

/**
 * Returns where the k-th of `count` markers sits around a point: in a small grid (one row
 * for two, two columns up to four, three beyond), `step` apart (`stepY` between rows), so that the stones or
 * ships of up to five players stay apart and readable.
 *
 *   gridSpot(100, 100, 0, 1, 20)  // [100, 100]
 *   gridSpot(100, 100, 1, 2, 20)  // [110, 100]
 *   gridSpot(100, 100, 2, 3, 20)  // [100, 110]: a short last row is centred
 */
export function gridSpot(x, y, k, count, step, stepY = step) {
  const cols = count <= 2 ? count : count <= 4 ? 2 : 3;
  const rows = Math.ceil(count / cols);
  const row = Math.floor(k / cols);
  const inRow = row === rows - 1 ? count - row * cols : cols; // a short last row is centred
  const col = k % cols;
  return [fmt(x + (col - (inRow - 1) / 2) * step), fmt(y + (row - (rows - 1) / 2) * stepY)];
}

// The red borders of the board (docs/games/navegador.md, ref §1.5): into Cabo from the Atlantic
// and into Malaca from Goa. The view lists the borders; only their colour is drawn from here.
const RED = new Set(["rio|cabo", "angola|cabo", "goa|malaca"]);

/** Returns whether a border is red (it leads into Cabo or Malaca, which open phases II and III). */
export function isRedBorder([a, b]) {
  return RED.has(`${a}|${b}`) || RED.has(`${b}|${a}`);
}
