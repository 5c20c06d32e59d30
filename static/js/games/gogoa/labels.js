// Map labels without a DOM: where a label may go, and its short form when the full name does
// not fit. Node tests these (tests/client/gogoa_labels.test.mjs).

/**
 * Tells whether a label's rectangle `[x, y, w, h]` lies inside `box` and clear of every
 * rectangle already `placed`.
 *
 *   labelFits([0, 0, 10, 5], [], [0, 0, 100, 100])            -> true
 *   labelFits([0, 0, 10, 5], [[5, 2, 10, 5]], [0, 0, 100, 100]) -> false (overlap)
 *   labelFits([95, 0, 10, 5], [], [0, 0, 100, 100])           -> false (sticks out)
 */
export function labelFits(rect, placed, box) {
  const [x, y, w, h] = rect;
  const [bx, by, bw, bh] = box;
  if (x < bx || y < by || x + w > bx + bw || y + h > by + bh) return false;
  return placed.every(([px, py, pw, ph]) => x + w <= px || px + pw <= x || y + h <= py || py + ph <= y);
}

/**
 * Returns a name's short form for a crowded map: its first word, cut to five letters and a
 * full stop when longer than six; null when that would not be shorter.
 *
 *   abbreviation("Basilica of Bom Jesus") -> "Basil."
 *   abbreviation("Anjuna")                -> null
 *   abbreviation("Usgalimal Rock Carvings") -> "Usgal."
 */
export function abbreviation(name) {
  const first = Array.from(String(name || "").trim().split(/\s+/)[0] || "");
  const short = first.length > 6 ? `${first.slice(0, 5).join("")}.` : first.join("");
  return short && short.length < String(name).trim().length ? short : null;
}
