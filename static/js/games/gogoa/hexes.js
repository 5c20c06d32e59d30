// Go Goa's hex geometry (axial q,r; flat-topped hexes of radius R in SVG units) and a
// small SVG element builder. Pure apart from `svg()`, which needs a document.

export const R = 10;
const SVG_NS = "http://www.w3.org/2000/svg";

/** Returns "q,r": a hex as a map key and as the `data-hex` attribute. */
export const hexKey = (hex) => `${hex[0]},${hex[1]}`;

/** Returns the SVG point at the centre of a hex. */
export function centre(hex) {
  const [q, r] = hex;
  return [1.5 * R * q, Math.sqrt(3) * R * (r + q / 2)];
}

/** Returns the `points` of a hexagon around a hex's centre. */
export function corners(hex, radius = R) {
  const [x, y] = centre(hex);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + radius * Math.cos(a)).toFixed(2)},${(y + radius * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/** Returns the `points` of a polyline through the centres of hexes. */
export function through(hexes) {
  return hexes.map(centre).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

/** Returns every land hex of the sheet (stored as columns: [q, first r, last r]). */
export function landHexes(sheet) {
  const out = [];
  for (const [q, first, last] of sheet.land) for (let r = first; r <= last; r++) out.push([q, r]);
  return out;
}

/** Returns an SVG element: svg("circle", {cx, r, onclick}, ...children). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
