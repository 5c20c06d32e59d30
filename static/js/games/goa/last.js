// Goa's last move on the players' boards: what changed between the previous view this page
// drew and this one — a development marker moved down, a tile or a colony gained — is ringed
// until the next change (the newest auction marker is ringed by grid.js). A page opened
// afresh marks nothing: it has seen no move.
//
//   marks(before, after) -> Set of "row:<seat>:<column>", "tile:<id>", "colony:<seat>:<name>"

import { goaLocal } from "./grid.js";

// What a move can change, as keys: one per development marker row, owned tile and colony.
function keysOf(view) {
  const out = new Set();
  (view?.players || []).forEach((p, seat) => {
    for (const [column, row] of Object.entries(p.rows || {})) out.add(`row:${seat}:${column}:${row}`);
    for (const t of [...(p.plantations || []), ...(p.tiles || [])]) out.add(`tile:${t.id}`);
    for (const c of p.colonies || []) out.add(`colony:${seat}:${c.name}`);
  });
  return out;
}

/** Returns the keys new in `after` (a marker's key without its row: "row:<seat>:<column>"). */
export function marks(before, after) {
  const out = new Set();
  for (const k of after) {
    if (before.has(k)) continue;
    out.add(k.startsWith("row:") ? k.split(":").slice(0, 3).join(":") : k);
  }
  return out;
}

/** Returns the ringed keys of this view, remembering it for the next. */
export function lastMove(ctx, view) {
  const local = goaLocal(ctx);
  const now = keysOf(view);
  if (local.seen) {
    const fresh = marks(local.seen, now);
    if (fresh.size) local.last = fresh;
  }
  local.seen = now;
  return local.last || new Set();
}
