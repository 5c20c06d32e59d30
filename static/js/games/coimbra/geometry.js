// Where things are drawn on the pilgrimage map: a position for every site of the reference's
// §3.7 graph (roughly where each place lies in Portugal, Coimbra in the middle), the routes
// with their lengths, and the plain path spaces spread evenly along each route. The engine
// owns the graph; this module only places it. No DOM, so Node tests it.

// Map units: a 100 × 150 box, north up.
export const SITE_AT = {
  "C-NW": [50, 70], "C-NE": [62, 70], "C-SE": [62, 82], "C-SW": [50, 82],
  I1: [48, 99], I2: [77, 58], I3: [90, 80], I4: [77, 96],
  I5: [68, 39], I6: [27, 88], I7: [38, 50], I8: [27, 66],
  II1: [56, 22], II2: [18, 118], II3: [42, 124], II4: [78, 124],
  III1: [50, 5], III2: [42, 145],
};

// Labels that would run into a neighbour's when centred under their site end a little right of
// it instead (map units): Santa Clara-a-Velha's long name reaches Semide's at 12 px on a
// 300 px map.
export const LABEL_END = { I1: 5 };

// The routes of the reference's §3.7 (length in steps): the fallback when a view gives none.
export const ROUTES = [
  ["C-NW", "I7", 1], ["C-NW", "I8", 1], ["C-NE", "I2", 1], ["C-NE", "I5", 2],
  ["C-SE", "I4", 1], ["C-SE", "I3", 2], ["C-SW", "I1", 1], ["C-SW", "I6", 2],
  ["I7", "I8", 2], ["I8", "I6", 3], ["I6", "I1", 3], ["I1", "I4", 3],
  ["I4", "I3", 3], ["I3", "I2", 2], ["I2", "I5", 2], ["I5", "I7", 3],
  ["I5", "II1", 2], ["I7", "II1", 3], ["I4", "II4", 3], ["I1", "II3", 3],
  ["I6", "II2", 3], ["II2", "II3", 1], ["II3", "II4", 2], ["II1", "III1", 4],
  ["II2", "III2", 3], ["II4", "III2", 3],
  ["C-NW", "C-NE", 1], ["C-NE", "C-SE", 1], ["C-SE", "C-SW", 1], ["C-SW", "C-NW", 1],
];

/** Returns the tier of a site id: "I", "II", "III", or "start" for Coimbra's gates.
 *
 * >>> tierOf("II3")  // "II"
 * >>> tierOf("C-NW") // "start"
 */
export function tierOf(site) {
  if (String(site).startsWith("C-")) return "start";
  return /^(I{1,3})\d+$/.exec(site)?.[1] ?? null;
}

/** Returns the points of the plain path spaces on a route of `length` steps between a and b:
 * length − 1 points spaced evenly, from a's end to b's end.
 *
 * >>> pathSpaces([0, 0], [0, 30], 3)  // [[0, 10], [0, 20]]
 */
export function pathSpaces(a, b, length) {
  const out = [];
  for (let k = 1; k < length; k++) {
    const f = k / length;
    out.push([round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f)]);
  }
  return out;
}

const round = (n) => Math.round(n * 100) / 100;

/** Returns every space of a map graph as id -> [x, y]: the sites from SITE_AT, and each
 * route's plain spaces (the view's `"a~b~k"`, counted from a) spread evenly along it.
 * `map` is the view's `{edges: [{a, b, steps, path}]}`; without one, the reference's routes.
 *
 * >>> placeMap({edges: [{a: "I8", b: "I6", steps: 3, path: ["I8~I6~1", "I8~I6~2"]}]}).get("I8~I6~1")
 * // one third of the way from Tentúgal to Seiça
 */
export function placeMap(map) {
  const edges = map?.edges ?? ROUTES.map(([a, b, steps]) => ({
    a, b, steps, path: Array.from({ length: steps - 1 }, (_, k) => `${a}~${b}~${k + 1}`),
  }));
  const at = new Map(Object.entries(SITE_AT));
  for (const e of edges) {
    if (!SITE_AT[e.a] || !SITE_AT[e.b]) continue;
    pathSpaces(SITE_AT[e.a], SITE_AT[e.b], e.steps).forEach((pt, k) => { if (e.path?.[k]) at.set(e.path[k], pt); });
  }
  return at;
}

/** Returns the offsets that fan out `n` tokens sharing one space (none for a single token).
 *
 * >>> fanOut(1)  // [[0, 0]]
 */
export function fanOut(n, r = 2.6) {
  if (n <= 1) return [[0, 0]];
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    return [round(r * Math.cos(a)), round(r * Math.sin(a))];
  });
}
