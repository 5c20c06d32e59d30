// Seats as a renderer draws them: the name the shell gave, its colour, and a coloured disc
// with the initial (so colour is never the only cue).
//
// API:
//   seatName(ctx, seat) -> string     ctx.names, else the shell's "Seat n" in the reader's language
//   seatColour(ctx, seat) -> string   ctx.colors, else the shell palette
//   seatDisc(ctx, seat, cls) -> <span class="w-disc">   uses --c for the colour
//   seatMark(names, seat) -> string   the initial, plus the seat number when another seat shares it
//   markedChip(names, seat) -> <span class="chip">   the shell's chip carrying that mark

import { h, seatColor, initialOf, seatChip } from "../dom.js";

/** Returns the display name of a seat. */
export function seatName(ctx, seat) {
  return ctx?.names?.[seat] ?? ctx?.t?.("seat", { n: seat + 1 }) ?? String(seat + 1);
}

/** Returns the CSS colour of a seat. */
export function seatColour(ctx, seat) {
  return ctx?.colors?.[seat] ?? seatColor(seat);
}

/**
 * Returns the text on a seat's disc: the name's initial, with the seat number when another
 * seat's name starts with the same letter, so colour is never the only cue.
 *
 *   seatMark(["Ana", "Bot 2", "Bot 3"], 0) -> "A"
 *   seatMark(["Ana", "Bot 2", "Bot 3"], 2) -> "B3"
 */
export function seatMark(names, seat) {
  const mine = initialOf(names?.[seat], seat);
  const shared = (names || []).some((n, i) => i !== seat && initialOf(n, i) === mine);
  return shared ? `${mine}${seat + 1}` : mine;
}

/** Returns a coloured disc holding the seat's mark (see seatMark). */
export function seatDisc(ctx, seat, cls = "") {
  return h(
    "span",
    { class: `w-disc ${cls}`.trim(), style: { "--c": seatColour(ctx, seat) }, "aria-hidden": "true", title: seatName(ctx, seat) },
    ctx?.names ? seatMark(ctx.names, seat) : initialOf(seatName(ctx, seat), seat),
  );
}

/** Returns the shell's seat chip (dom.js) carrying the seat's mark instead of a bare initial. */
export function markedChip(names, seat) {
  const chip = seatChip(seat, names?.[seat]);
  chip.textContent = seatMark(names, seat);
  return chip;
}
