// Drawings as data: a game's rules module builds small SVG pictures as plain trees, so Node
// tests can read their texts and the page turns them into inline SVG (no files, no markup strings).
//
// API:
//   s(tag, attrs, ...children)  a node {tag, attrs, children}; children are nodes or strings
//                               (null and false are dropped, arrays flattened)
//   picture(width, height, label, ...children)
//                               the root <svg>: viewBox 0 0 width height, role img, aria-label
//                               and <title> = label, so the drawing is named for a screen reader
//   text(x, y, str, attrs)      a label centred on (x, y), 14 units high unless attrs say otherwise
//   arrow(x1, y1, x2, y2, attrs) a line with a head at (x2, y2)
//   texts(node)                 every string in the tree, in order (what a reader sees)
//   toSvg(node)                 the tree as SVG elements (browser only)

const NS = "http://www.w3.org/2000/svg";

/** Returns a drawing node. */
export function s(tag, attrs, ...children) {
  return { tag, attrs: attrs || {}, children: children.flat(Infinity).filter((c) => c != null && c !== false).map((c) => (typeof c === "number" ? String(c) : c)) };
}

/** Returns the root of a drawing: scales to its box's width, named by `label`. */
export function picture(width, height, label, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "rules-drawing" }, s("title", {}, label), ...children);
}

/** Returns a text node centred on (x, y); the drawing's width keeps it at least 11 px on a phone. */
export function text(x, y, str, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 14, fill: "currentColor", ...attrs }, str);
}

/** Returns an arrow from (x1, y1) to (x2, y2), its head a small triangle at the end. */
export function arrow(x1, y1, x2, y2, attrs = {}) {
  const color = attrs.stroke || "currentColor";
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const [bx, by] = [x2 - ux * 8, y2 - uy * 8];
  const head = [[x2, y2], [bx - uy * 4.5, by + ux * 4.5], [bx + uy * 4.5, by - ux * 4.5]].map((p) => p.map((v) => +v.toFixed(1)).join(",")).join(" ");
  return s("g", {}, s("line", { x1, y1, x2: +bx.toFixed(1), y2: +by.toFixed(1), stroke: color, "stroke-width": 2, ...attrs }), s("polygon", { points: head, fill: color }));
}

/** Returns the drawing's strings in document order (its <title> first). */
export function texts(node) {
  if (typeof node === "string") return [node];
  return node.children.flatMap(texts);
}

/** Builds the SVG elements of a drawing. */
export function toSvg(node) {
  if (typeof node === "string") return document.createTextNode(node);
  const el = document.createElementNS(NS, node.tag);
  for (const [k, v] of Object.entries(node.attrs)) if (v != null) el.setAttribute(k, String(v));
  for (const child of node.children) el.append(toSvg(child));
  return el;
}
