// Per-match local state that survives a re-render: what a player has picked on this screen
// but not yet sent (a selected die, two marked plan cards, the tile text being read).
// The shell re-renders on every view change, so a renderer keeps no state in the DOM.
//
// API:
//   localState(ctx, scope, init) -> object
//     The same object for every call with the same ctx.matchId and scope ("goa", "send"...);
//     `init()` builds it the first time. Nothing here is sent or stored anywhere else.
//   redrawLater(ctx, scope, fn) / redraw(ctx, scope)
//     A renderer remembers how to draw itself again (root and ctx of its last render), so a
//     purely local click (select a die) redraws without waiting for a new view.

import { keepFocus } from "../match/focus.js";

const stores = new Map(); // `${scope}|${matchId}` -> state object
const redraws = new Map(); // same key -> () => void

const keyOf = (ctx, scope) => `${scope}|${ctx?.matchId ?? "_"}`;

/** Returns this match's local state for `scope`, made by `init()` the first time. */
export function localState(ctx, scope, init) {
  const key = keyOf(ctx, scope);
  if (!stores.has(key)) stores.set(key, init());
  return stores.get(key);
}

/** Remembers how to draw `scope` of this match again after a local change. */
export function redrawLater(ctx, scope, fn) {
  redraws.set(keyOf(ctx, scope), fn);
}

/** Draws `scope` of this match again (after a local change); nothing if never drawn. */
export function redraw(ctx, scope) {
  const restore = keepFocus(); // the die just clicked keeps the keyboard focus
  redraws.get(keyOf(ctx, scope))?.();
  restore();
}
