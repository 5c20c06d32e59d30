// A rating's history as a small SVG line drawn by the page (no chart library: a sparkline is
// one path). `sparkPoints` is the geometry alone, so Node tests can check it without a DOM.

const SVG = "http://www.w3.org/2000/svg";

/**
 * Returns the points of a line through `values` inside a `width`×`height` box less `pad`:
 * the first value at the left, the last at the right, the highest at the top. A single value
 * (or all equal) is a flat line across the middle.
 */
export function sparkPoints(values, width, height, pad = 4) {
  if (!values.length) return [];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo;
  const w = width - 2 * pad;
  const h = height - 2 * pad;
  const step = values.length > 1 ? w / (values.length - 1) : 0;
  return values.map((v, i) => {
    const x = values.length > 1 ? pad + i * step : pad + w / 2;
    const y = span > 0 ? pad + h - ((v - lo) / span) * h : pad + h / 2;
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
  });
}

function el(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * Returns an <svg> of the values' line, scaled to its box (width 100% of its container,
 * `height` tall). `label` names it for screen readers; the last point is marked. With one
 * value the line is flat with its point in the middle.
 */
export function sparkline(values, { label, width = 240, height = 48 } = {}) {
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", height, role: "img", "aria-label": label || "", preserveAspectRatio: "none", class: "spark" });
  const points = sparkPoints(values, width, height);
  if (!points.length) return svg;
  const zero = values.length > 1 && Math.min(...values) < 0 && Math.max(...values) > 0;
  if (zero) {
    const [y0] = sparkPoints([0, Math.min(...values), Math.max(...values)], width, height).map((p) => p[1]);
    svg.append(el("line", { x1: 0, x2: width, y1: y0, y2: y0, class: "spark-zero" }));
  }
  const line = points.length > 1 ? points : [[4, points[0][1]], [width - 4, points[0][1]]];
  svg.append(el("polyline", { points: line.map((p) => p.join(",")).join(" "), class: "spark-line", fill: "none", "vector-effect": "non-scaling-stroke" }));
  // The last point as a round cap of a line of no length: it stays round however the box stretches.
  const [x, y] = points[points.length - 1];
  svg.append(el("line", { x1: x, y1: y, x2: x, y2: y, class: "spark-dot", "vector-effect": "non-scaling-stroke" }));
  return svg;
}
