// Seats as a renderer draws them: the name the shell gave, its colour, and a coloured disc
// with the initial (so colour is never the only cue).
//
// API:
//   seatName(ctx, seat) -> string     ctx.names, else the shell's "Seat n" in the reader's language
//   seatColour(ctx, seat) -> string   ctx.colors, else the shell palette
//   seatDisc(ctx, seat, cls) -> <span class="w-disc">   uses --c for the colour

import { h, seatColor, initialOf } from "../dom.js";

/** Returns the display name of a seat. */
export function seatName(ctx, seat) {
  return ctx?.names?.[seat] ?? ctx?.t?.("seat", { n: seat + 1 }) ?? String(seat + 1);
}

/** Returns the CSS colour of a seat. */
export function seatColour(ctx, seat) {
  return ctx?.colors?.[seat] ?? seatColor(seat);
}

/** Returns a coloured disc holding the seat's initial. */
export function seatDisc(ctx, seat, cls = "") {
  return h(
    "span",
    { class: `w-disc ${cls}`.trim(), style: { "--c": seatColour(ctx, seat) }, "aria-hidden": "true" },
    initialOf(seatName(ctx, seat), seat),
  );
}
