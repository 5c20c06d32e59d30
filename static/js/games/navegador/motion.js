// What moved since the view this page drew last, so a player who looked away sees it: the
// stones that moved on the rondel, the ships that arrived in or left a region, the price
// markers that moved. `changes` is pure; `markChanges` flags the drawn pieces, and the CSS
// animates them briefly (never with prefers-reduced-motion).

/**
 * Returns what differs between two views: {stones: [seat], ships: [[region, seat]], goods: [good]}.
 *
 *   changes({rondel: {stones: [1, null]}, regions: [], market: {row: {}}},
 *           {rondel: {stones: [3, null]}, regions: [], market: {row: {}}}).stones  // [0]
 */
export function changes(prev, view) {
  const out = { stones: [], ships: [], goods: [] };
  if (!prev || !view || prev === view) return out;
  (view.rondel?.stones || []).forEach((f, seat) => {
    if (f != null && prev.rondel?.stones?.[seat] !== f) out.stones.push(seat);
  });
  (view.regions || []).forEach((r, i) => {
    const before = prev.regions?.[i]?.ships || [];
    r.ships.forEach((n, seat) => { if (n && (before[seat] ?? 0) !== n) out.ships.push([r.id, seat]); });
  });
  for (const [good, row] of Object.entries(view.market?.row || {})) {
    if (prev.market?.row?.[good] !== row) out.goods.push(good);
  }
  return out;
}

/** Adds the class `nv-moved` to the drawn pieces that changed (see `changes`). */
export function markChanges(root, moved) {
  const flag = (el) => el?.classList.add("nv-moved");
  for (const seat of moved.stones) flag(root.querySelector(`.nv-stone[data-seat="${seat}"]`));
  for (const [region, seat] of moved.ships) flag(root.querySelector(`[data-region="${region}"] .nv-ship[data-seat="${seat}"]`));
  for (const good of moved.goods) flag(root.querySelector(`.nv-market-table td.nv-here[data-good="${good}"]`));
}
